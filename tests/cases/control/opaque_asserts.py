# Values known only by name are not shapes: what other code does to them is beyond the analysis,
# so assertions about them are facts, never SC201 (after scikit-learn's tests with mocks).
def test_refetch(fetch, mock, model):
    fetch()
    assert mock.call_count == 1
    fetch()
    assert mock.call_count == 2
    model.fit()
    assert model.n_iter_ == 20
    assert model.intercept_ < -1
    model.n_iter_ = 3
    assert model.n_iter_ == 3
