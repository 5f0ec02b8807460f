"""PEP 484 signature type comments read as annotations (driver/type_comments.py)."""

import ast

from shapecheck.absint.driver.parsing import parse_shared
from shapecheck.absint.driver.type_comments import apply_type_comments

SOURCE = '''\
def f(a, b):
    # type: (Tensor, int) -> Tensor
    return a


class C:
    def m(self, x):  # type: (int) -> None  # a second comment
        pass

    def wrong_count(self, x, y):  # type: (int) -> str
        pass

    def annotated(self, x: float):  # type: (int) -> None
        pass
'''


def _functions(tree):
    return {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def test_parameters_and_return_take_the_comment_types_at_its_position():
    tree = ast.parse(SOURCE)
    apply_type_comments(tree, SOURCE)
    f = _functions(tree)["f"]
    assert [ast.unparse(p.annotation) for p in f.args.args] == ["Tensor", "int"]
    assert ast.unparse(f.returns) == "Tensor"
    b = f.args.args[1].annotation
    assert (b.lineno, b.col_offset, b.end_col_offset) == (2, SOURCE.splitlines()[1].index("int"),
                                                            SOURCE.splitlines()[1].index("int") + 3)


def test_a_method_comment_leaves_out_self_and_a_count_that_does_not_fit_types_the_return_alone():
    tree = ast.parse(SOURCE)
    apply_type_comments(tree, SOURCE)
    fns = _functions(tree)
    m = fns["m"]
    assert m.args.args[0].annotation is None and ast.unparse(m.args.args[1].annotation) == "int"
    assert ast.unparse(m.returns) == "None"
    wrong = fns["wrong_count"]
    assert all(p.annotation is None for p in wrong.args.args) and ast.unparse(wrong.returns) == "str"
    annotated = fns["annotated"]
    assert ast.unparse(annotated.args.args[1].annotation) == "float" and annotated.returns is None


def test_a_lazily_parsed_module_reads_a_comment_under_its_def_line():
    text = SOURCE + "\n# distinct text for the shared-tree cache: lazy\n"
    tree = parse_shared("lazy_module.py", text, lazy=True)
    f = next(s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name == "f")
    assert [ast.unparse(p.annotation) for p in f.args.args] == ["Tensor", "int"]
