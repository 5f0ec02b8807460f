# A method stored on an object of code the analysis does not follow (``parser.EndElementHandler =
# self._end_element``) may run whenever that code calls it back, as one passed to it as an argument
# may: what the method stores or grows on its object (``self._all_points.append(...)``, also through the methods it calls on it) is known by
# name only from there on. phonopy's vasprun reader makes its lists empty, hands its handlers to
# expat, and reads ``self.points[-1]`` after ``parse()``: taken for the empty list, five false SC105/SC110.
import io
import xml.parsers.expat

import numpy as np


class Reader:
    def __init__(self, fileptr):
        self._fileptr = fileptr
        self._all_points = []
        self._all_volumes = []
        self._points = None
        self._p = xml.parsers.expat.ParserCreate()
        self._p.StartElementHandler = self._start_element
        self._p.EndElementHandler = self._end_element

    def parse(self):
        self._p.ParseFile(self._fileptr)

    def _start_element(self, name, attrs):
        if name == "v":
            self._points = [float(x) for x in attrs["xyz"].split()]

    def _end_element(self, name):
        if name == "v":
            self._all_points.append(self._points)
            self._run_v()

    def _run_v(self):
        self._all_volumes.append(abs(float(np.prod(self._points))))

    @property
    def volume(self):
        return np.array(self._all_volumes, dtype="double")

    @property
    def points(self):
        return np.array(self._all_points, dtype="double")


def last_point(fileptr):
    reader = Reader(fileptr)
    reader.parse()
    return reader.points[-1]


def last_volume(fileptr):
    reader = Reader(fileptr)
    reader.parse()
    return reader.volume[-1]


def unparsed(fileptr):
    reader = Reader(fileptr)
    return reader.points


data = b'<r><v xyz="0 0 1"/><v xyz="1 2 3"/></r>'
reveal_shape(last_point(io.BytesIO(data)))  # reveal: ?
assert last_point(io.BytesIO(data)).tolist() == [1.0, 2.0, 3.0]
reveal_shape(last_volume(io.BytesIO(data)))  # reveal: ?
assert last_volume(io.BytesIO(data)) == 6.0
