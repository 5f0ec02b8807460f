# An assertion on a value an object holds (``movie.frame_number.value``) after a call that may change it is
# not contradicted by an earlier assertion on it: ase 3.29.0's GUI test steps an animation and asserts the frame
# number after each step (`== last_index`, then `== last_index - 1`), a false SC201 ("assertion can never
# hold"). An assertion on a local size still is.
def test_movie(animation, movie):
    animation.step('Home')
    assert movie.frame_number.value == 0
    last_index = len(animation.images) - 1
    animation.step('End')
    assert movie.frame_number.value == last_index
    animation.step('PageUp')
    assert movie.frame_number.value == last_index - 1


def test_shapes(x):
    n = len(x)
    assert n == 3
    assert n == 4  # error: SC201
