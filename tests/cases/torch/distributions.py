# torch.distributions: a draw is sample_shape + batch_shape + event_shape; log_prob drops the event
# dims; entropy is the batch shape. Policies, VAEs and mixtures, as RL and generative code writes them.
import torch
import torch.nn as nn
import torch.distributions as D
from torch.distributions import Categorical, Normal, MultivariateNormal, Independent, kl_divergence

logits = torch.randn(8, 5)
pi = Categorical(logits=logits)
a = pi.sample()
reveal_shape(a)  # reveal: (8,)
reveal_shape(pi.log_prob(a))  # reveal: (8,)
reveal_shape(pi.entropy())  # reveal: (8,)
reveal_shape(pi.sample((3,)))  # reveal: (3, 8)
reveal_shape(pi.probs)  # reveal: (8, 5)
reveal_shape(Categorical(probs=torch.softmax(logits, -1)).sample(torch.Size([2, 4])))  # reveal: (2, 4, 8)

mu, log_std = torch.randn(8, 2), torch.zeros(8, 2)
n = Normal(mu, log_std.exp())
x = n.rsample()
reveal_shape(x)  # reveal: (8, 2)
reveal_shape(n.log_prob(x).sum(-1))  # reveal: (8,)
reveal_shape(n.mean)  # reveal: (8, 2)
reveal_shape(n.stddev)  # reveal: (8, 2)
reveal_shape(Normal(0.0, 1.0).sample((4, 2)))  # reveal: (4, 2)
reveal_shape(Normal(torch.zeros(3, 1), torch.ones(4)).sample())  # reveal: (3, 4)
reveal_shape(n.log_prob(torch.zeros(2)))  # reveal: (8, 2)
reveal_shape(torch.zeros(n.batch_shape))  # reveal: (8, 2)
reveal_shape(torch.zeros(n.event_shape))  # reveal: ()
reveal_shape(n.cdf(x))  # reveal: (8, 2)
reveal_shape(n.expand((5, 8, 2)).sample())  # reveal: (5, 8, 2)

ind = Independent(Normal(mu, torch.ones(8, 2)), 1)
reveal_shape(ind.sample())  # reveal: (8, 2)
reveal_shape(ind.log_prob(x))  # reveal: (8,)
reveal_shape(ind.entropy())  # reveal: (8,)
reveal_shape(torch.zeros(ind.batch_shape))  # reveal: (8,)
reveal_shape(torch.zeros(ind.event_shape))  # reveal: (2,)

mvn = MultivariateNormal(torch.zeros(6, 3), torch.eye(3))
reveal_shape(mvn.sample())  # reveal: (6, 3)
reveal_shape(mvn.log_prob(torch.randn(10, 6, 3)))  # reveal: (10, 6)
reveal_shape(mvn.sample((2,)))  # reveal: (2, 6, 3)
reveal_shape(D.MultivariateNormal(torch.zeros(3), scale_tril=torch.eye(3).expand(4, 3, 3)).sample())  # reveal: (4, 3)
lr = D.LowRankMultivariateNormal(torch.zeros(5, 3), torch.ones(5, 3, 2), torch.ones(5, 3))
reveal_shape(lr.sample())  # reveal: (5, 3)
reveal_shape(lr.log_prob(lr.sample()))  # reveal: (5,)

b = D.Bernoulli(probs=torch.full((4, 7), 0.3))
reveal_shape(b.sample())  # reveal: (4, 7)
reveal_shape(b.log_prob(b.sample()))  # reveal: (4, 7)
reveal_shape(D.Bernoulli(logits=torch.zeros(9)).entropy())  # reveal: (9,)
oh = D.OneHotCategorical(logits=logits)
reveal_shape(oh.sample())  # reveal: (8, 5)
reveal_shape(oh.log_prob(oh.sample()))  # reveal: (8,)
reveal_shape(oh.entropy())  # reveal: (8,)
dr = D.Dirichlet(torch.ones(2, 4))
reveal_shape(dr.sample())  # reveal: (2, 4)
reveal_shape(dr.log_prob(dr.sample()))  # reveal: (2,)
reveal_shape(D.Beta(torch.ones(6), torch.ones(6)).rsample((2,)))  # reveal: (2, 6)
reveal_shape(D.Gamma(torch.ones(3, 2), 1.0).sample())  # reveal: (3, 2)
reveal_shape(D.Uniform(torch.zeros(2), torch.ones(2)).sample((5,)))  # reveal: (5, 2)
reveal_shape(D.Uniform(0.0, 1.0).sample((5, 3)))  # reveal: (5, 3)
reveal_shape(D.Laplace(torch.zeros(4), 1.0).sample())  # reveal: (4,)
reveal_shape(D.Exponential(torch.ones(3)).sample((2,)))  # reveal: (2, 3)
reveal_shape(D.Poisson(torch.ones(3)).sample())  # reveal: (3,)
reveal_shape(D.Multinomial(10, probs=torch.ones(2, 6) / 6).sample())  # reveal: (2, 6)
reveal_shape(D.Binomial(10, probs=torch.full((5,), 0.5)).sample())  # reveal: (5,)
reveal_shape(D.StudentT(3.0, torch.zeros(4), 1.0).sample())  # reveal: (4,)
reveal_shape(D.LogNormal(torch.zeros(2, 3), 1.0).sample())  # reveal: (2, 3)

mix = D.MixtureSameFamily(D.Categorical(torch.ones(4, 5)), D.Normal(torch.randn(4, 5), torch.ones(4, 5)))
reveal_shape(mix.sample())  # reveal: (4,)
reveal_shape(mix.log_prob(torch.zeros(4)))  # reveal: (4,)
gmm = D.MixtureSameFamily(D.Categorical(torch.ones(5)), D.Independent(D.Normal(torch.randn(5, 2), torch.ones(5, 2)), 1))
reveal_shape(gmm.sample((100,)))  # reveal: (100, 2)
reveal_shape(gmm.log_prob(torch.randn(100, 2)))  # reveal: (100,)

q = Normal(torch.zeros(16, 8), torch.ones(16, 8))
p = Normal(torch.zeros(8), torch.ones(8))
reveal_shape(kl_divergence(q, p))  # reveal: (16, 8)
reveal_shape(D.kl_divergence(q, p).sum(-1).mean())  # reveal: ()


class Policy(nn.Module):
    def __init__(self, obs_dim, act_dim):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 64), nn.Tanh())
        self.mu = nn.Linear(64, act_dim)
        self.log_std = nn.Parameter(torch.zeros(act_dim))

    def forward(self, obs):
        h = self.body(obs)
        dist = Normal(self.mu(h), self.log_std.exp())
        act = dist.sample()
        return act, dist.log_prob(act).sum(-1), dist.entropy().sum(-1)


act, logp, ent = Policy(11, 3)(torch.randn(32, 11))
reveal_shape(act)  # reveal: (32, 3)
reveal_shape(logp)  # reveal: (32,)
reveal_shape(ent)  # reveal: (32,)

bad = Normal(torch.zeros(3), torch.ones(4))  # error: SC101
n.log_prob(torch.zeros(3))  # error: SC101
