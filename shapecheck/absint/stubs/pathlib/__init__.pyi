"""pathlib, for shapecheck: a path's name, stem, suffix and text are strings of unknown value (never
numbers: ``Path(f).stem in [5, 6]`` is False), and what joins, replaces a part of or goes up a path
is a path. What a path's files hold, how many parts it has, and a path joined by ``/`` (an operator
of a class, which shapecheck does not run) stay unknown."""


def _text():
    return str(input())   # a str no one knows (input() is one)


class PurePath:
    def __init__(self, *segments):
        pass

    @property
    def name(self):
        return _text()

    @property
    def stem(self):
        return _text()

    @property
    def suffix(self):
        return _text()

    @property
    def anchor(self):
        return _text()

    @property
    def drive(self):
        return _text()

    @property
    def root(self):
        return _text()

    @property
    def parent(self):
        return Path()

    def as_posix(self):
        return _text()

    def as_uri(self):
        return _text()

    def with_name(self, name):
        return Path()

    def with_stem(self, stem):
        return Path()

    def with_suffix(self, suffix):
        return Path()

    def joinpath(self, *segments):
        return Path()

    def relative_to(self, *other, **options):
        return Path()


class PurePosixPath(PurePath):
    pass


class PureWindowsPath(PurePath):
    pass


class Path(PurePath):
    @classmethod
    def cwd(cls):
        return Path()

    @classmethod
    def home(cls):
        return Path()

    def absolute(self):
        return Path()

    def resolve(self, strict=False):
        return Path()

    def expanduser(self):
        return Path()

    def read_text(self, *options, **more):
        return _text()

    def write_text(self, data, *options, **more):
        return len(data)


class PosixPath(Path):
    pass


class WindowsPath(Path):
    pass
