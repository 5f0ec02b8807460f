"""shapecheck's gitignore patterns against pathspec's GitIgnoreSpec, the oracle: every generated
pattern list and path gets pathspec's answer (ignored, re-included, or no pattern matches)."""

import pytest
from hypothesis import given, settings, strategies as st

from shapecheck.cli.gitignore import GitIgnoreSpec

pathspec = pytest.importorskip("pathspec")

# glob pieces that exercise every branch of the translation: stars, ranges (closed, negated,
# unclosed), escapes, anchoring and folder slashes
_PIECES = ["a", "b", "x.py", "*", "**", "?", "[ab]", "[!a]", "[^b]", "[]a]", "[a-", "\\*", "\\", "#",
           "!", " ", "\\ ", ".", "*.py", "a*", "-"]
_NAMES = ["a", "b", "x.py", "ab", "ba", "*", "-", " ", "#x", "!a", ".", "a b", "[ab]"]

_patterns = st.lists(st.builds(lambda lead, pieces, slash, trailing: lead + "/".join(pieces) + slash + trailing,
                               st.sampled_from(["", "/", "!", "!/", "\\!", "\\#"]),
                               st.lists(st.sampled_from(_PIECES), min_size=1, max_size=4),
                               st.sampled_from(["", "/"]), st.sampled_from(["", " ", "  "])),
                     max_size=6)
_paths = st.builds(lambda parts, folder: "/".join(parts) + folder,
                   st.lists(st.sampled_from(_NAMES), min_size=1, max_size=4), st.sampled_from(["", "/"]))


def _oracle(lines, path):
    try:
        spec = pathspec.GitIgnoreSpec.from_lines(lines)
    except ValueError:
        return "invalid"
    return spec.check_file(path).include


def _ours(lines, path):
    try:
        spec = GitIgnoreSpec.from_lines(lines)
    except ValueError:
        return "invalid"
    return spec.check_file(path)


@settings(max_examples=600, deadline=None)
@given(_patterns, st.lists(_paths, min_size=1, max_size=5))
def test_same_answer_as_pathspec(lines, paths):
    for path in paths:
        assert _ours(lines, path) == _oracle(lines, path), (lines, path)


@pytest.mark.parametrize("lines, path, expected", [
    (["build/"], "build/", True),
    (["build/"], "build/x.py", True),
    (["build/"], "src/build", None),             # a file named like the folder
    (["/x.py"], "a/x.py", None),                 # anchored
    (["x.py"], "a/b/x.py", True),                # any depth
    (["a/**/b"], "a/b", True),
    (["a/**/b"], "a/x/y/b", True),
    (["*.egg-info/"], "pkg.egg-info/", True),
    (["build/", "!build/keep.py"], "build/keep.py", False),   # a file re-included under an ignored folder's pattern
    (["*.py", "!x.py"], "x.py", False),
    (["[a-"], "[a-", None),                      # a bad range drops the pattern
    (["# c", "", "/"], "c", None),
])
def test_git_cases(lines, path, expected):
    assert GitIgnoreSpec.from_lines(lines).check_file(path) == expected == _oracle(lines, path)


def test_unreadable_pattern_is_an_error_as_in_pathspec():
    for lines in (["!"], ["a\\"]):
        with pytest.raises(ValueError):
            GitIgnoreSpec.from_lines(lines)
        assert _oracle(lines, "a") == "invalid"
