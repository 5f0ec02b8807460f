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


def _readable(line):
    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except ValueError:
        return False
    return True


def _oracle(lines, path):
    # pathspec raises for a pattern git cannot read (``!`` alone, a trailing backslash); git skips it
    return pathspec.GitIgnoreSpec.from_lines([line for line in lines if _readable(line)]).check_file(path).include


def _ours(lines, path):
    return GitIgnoreSpec.from_lines(lines).check_file(path)


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


def test_a_pattern_git_cannot_read_is_skipped_as_git_skips_it():
    for line in ("!", "a\\", "[a-"):
        assert GitIgnoreSpec.from_lines([line, "a"]).check_file("a") is True
    assert GitIgnoreSpec.from_lines(["!"]).patterns == ()


def test_a_gitignore_with_an_unreadable_line_still_discovers(tmp_path):
    # pathspec raised on the ``!`` line and the run stopped with a traceback
    from shapecheck.cli.discovery import discover
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("!\nfoo\\\nbuild/\n")
    (tmp_path / "build").mkdir()
    for name in ("a.py", "build/b.py"):
        (tmp_path / name).write_text("x = 1\n")
    assert [p.rsplit("/", 1)[-1] for p in discover([str(tmp_path)])] == ["a.py"]
