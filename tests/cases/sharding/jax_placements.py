# Placements on global arrays: NamedSharding(mesh, PartitionSpec) through device_put and
# with_sharding_constraint. The shape stays global; reveal_shape shows the layout and the local shape.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("dp", "tp"))
x = jnp.zeros((16, 32))
y = jax.device_put(x, NamedSharding(mesh, P("dp", "tp")))
reveal_shape(y)  # reveal: (16, 32)  # local: (8, 8)
z = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P(("dp", "tp"), None)))
reveal_shape(z)  # reveal: (16, 32)  # local: (2, 32)

# a dim that does not divide by its mesh axes
odd = jax.device_put(jnp.zeros((16, 30)), NamedSharding(mesh, P(None, "tp")))  # error: SC130

# placements that name what the mesh lacks
a = jax.device_put(x, NamedSharding(mesh, P("sp", None)))  # error: SC131
b = jax.device_put(x, NamedSharding(mesh, P("tp", "tp")))  # error: SC131
c = jax.device_put(x, NamedSharding(mesh, P("dp", None, None)))  # error: SC131

# Mesh from a device array: its axis sizes are the array's shape
devices = np.zeros((2, 2))
square = Mesh(devices, ("x", "y"))
w = jax.device_put(jnp.zeros((6, 4)), NamedSharding(square, P("x", "y")))
reveal_shape(w)  # reveal: (6, 4)  # local: (3, 2)
v = jax.device_put(jnp.zeros((5, 4)), NamedSharding(square, P("x", "y")))  # error: SC130


# symbolic mesh sizes: the split is a precondition of the function, checked at its calls
def place(n_devices, rows):
    m = jax.make_mesh((n_devices,), ("batch",))
    return jax.device_put(jnp.zeros((rows, 8)), NamedSharding(m, P("batch")))


ok = place(4, 64)
reveal_shape(ok)  # reveal: (64, 8)  # local: (16, 8)
bad = place(4, 10)  # error: SC110
