import numpy as np
import pandas as pd
import mystery

df = pd.DataFrame({"a": [1, 2]})
arr = df.to_numpy()
out = arr @ mystery.weights()
z = np.asarray(out) + 1
async def f():
    await something()
class Meta(type):
    pass
x = [i for i in range(3) if i]
y = {k: v for k, v in zip("ab", [np.zeros(2), np.zeros(3)])}
match x:
    case [a, b, *rest]:
        pass
    case _:
        pass
print(*x, sep="")
exec("1")
global_thing = globals()
