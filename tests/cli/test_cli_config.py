"""`[tool.shapecheck]` in pyproject.toml: parsing, finding it, and its effect on `shapecheck check`."""

from __future__ import annotations

import json
import pytest

from shapecheck.cli.config import ConfigError, find_config, load_config, parse_table

BUGGY = "y = x @ w  # emit: SC102\nz = a + b  # emit: SC101\n"


def test_parse_every_key(tmp_path):
    cfg = parse_table({"select": ["sc1"], "ignore": ["SC104"], "exclude": ["gen/"], "extend-exclude": ["x.py"],
                       "strict": True, "output-format": "full", "baseline": "base.json"},
                      source="pyproject.toml", root=tmp_path)
    assert cfg.select == ("SC1",) and cfg.ignore == ("SC104",)
    assert cfg.exclude == ("gen/",) and cfg.extend_exclude == ("x.py",)
    assert cfg.strict is True and cfg.output_format == "full"
    assert cfg.baseline == str(tmp_path.resolve() / "base.json")


@pytest.mark.parametrize("table, message", [
    ({"selct": ["SC1"]}, "unknown key 'selct' in [tool.shapecheck] (did you mean 'select'?)"),
    ({"line-length": 88}, "unknown key 'line-length'"),
    ({"select": "SC1"}, "select must be a list of strings"),
    ({"select": ["E501"]}, "'E501' is not a shapecheck code"),
    ({"strict": "yes"}, "strict must be true or false"),
    ({"output-format": "xml"}, "output-format must be one of concise, full, json, sarif, github"),
    ({"exclude": [1]}, "exclude must be a list of strings"),
    ({"baseline": ""}, "baseline must be a non-empty string"),
])
def test_bad_tables_are_errors(tmp_path, table, message):
    with pytest.raises(ConfigError) as error:
        parse_table(table, source="pyproject.toml", root=tmp_path)
    assert message in str(error.value)


def test_find_config_searches_upward_for_a_shapecheck_table(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.shapecheck]\nstrict = true\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "pyproject.toml").write_text("[project]\nname = 'inner'\n")  # no table: keep going
    (tmp_path / "pkg" / "sub").mkdir()
    cfg = find_config(tmp_path / "pkg" / "sub")
    assert cfg is not None and cfg.strict is True and cfg.root == tmp_path.resolve()


def test_load_config_errors(tmp_path):
    with pytest.raises(ConfigError, match="config file not found"):
        load_config(tmp_path / "nope.toml")
    (tmp_path / "bad.toml").write_text("[tool.shapecheck\n")
    with pytest.raises(ConfigError, match="invalid TOML"):
        load_config(tmp_path / "bad.toml")
    (tmp_path / "empty.toml").write_text("[project]\n")
    with pytest.raises(ConfigError, match=r"no \[tool.shapecheck\] table"):
        load_config(tmp_path / "empty.toml")


def codes(result):
    return sorted(d["code"] for d in json.loads(result.out))


def test_config_select_ignore_and_output_format(run, write):
    write("pyproject.toml", '[tool.shapecheck]\nignore = ["SC101"]\noutput-format = "json"\n')
    write("a.py", BUGGY)
    assert codes(run("check")) == ["SC102"]
    # The command line overrides the configuration.
    assert codes(run("check", "--ignore", "SC102")) == ["SC101"]
    assert run("check", "--output-format", "concise").out.startswith("a.py:1:1: error[SC102]")


def test_config_found_from_a_subdirectory_path(run, write, tmp_path, monkeypatch):
    write("proj/pyproject.toml", '[tool.shapecheck]\nselect = ["SC101"]\noutput-format = "json"\n')
    write("proj/src/a.py", BUGGY)
    assert codes(run("check", "proj/src")) == ["SC101"]


def test_config_exclude_replaces_defaults_and_extend_exclude_adds(run, write):
    write("a.py", BUGGY)
    write("build/b.py", BUGGY)
    write("gen/c.py", BUGGY)

    def paths(result):
        return sorted({d["path"] for d in json.loads(result.out)})

    write("pyproject.toml", '[tool.shapecheck]\noutput-format = "json"\nextend-exclude = ["gen/"]\n')
    assert paths(run("check")) == ["a.py"]
    write("pyproject.toml", '[tool.shapecheck]\noutput-format = "json"\nexclude = ["gen/"]\n')
    assert paths(run("check")) == ["a.py", "build/b.py"]


def test_config_strict(run, write):
    write("a.py", "x = 1  # emit: SC120\n")
    write("pyproject.toml", "[tool.shapecheck]\nstrict = true\n")
    assert run("check").status == 1


def test_explicit_config_file(run, write):
    write("conf/settings.toml", '[tool.shapecheck]\nignore = ["SC1"]\n')
    write("a.py", BUGGY)
    assert run("check", "--config", "conf/settings.toml").status == 0
    assert run("check").status == 1


@pytest.mark.parametrize("text, message", [
    ("[tool.shapecheck]\nstritc = true\n", "did you mean 'strict'"),
    ("[tool.shapecheck\n", "invalid TOML"),
    ('[tool.shapecheck]\noutput-format = "html"\n', "output-format must be one of"),
])
def test_bad_config_exits_2_with_a_clear_message(run, write, text, message):
    write("pyproject.toml", text)
    write("a.py", BUGGY)
    result = run("check")
    assert result.status == 2
    assert message in result.err and "pyproject.toml" in result.err
    assert result.out == ""


def test_missing_explicit_config_exits_2(run, write):
    write("a.py", BUGGY)
    result = run("check", "--config", "nope.toml")
    assert result.status == 2 and "config file not found" in result.err

