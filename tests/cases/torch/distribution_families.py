# Every torch.distributions family, imported from its own module as some code does: one draw,
# its score and its entropy (the shapes torch gives; sample dtypes are each family's).
import torch
from torch.distributions import Categorical, Dirichlet, MultivariateNormal
from torch.distributions.bernoulli import Bernoulli as Bernoulli_
from torch.distributions.beta import Beta as Beta_
from torch.distributions.binomial import Binomial as Binomial_
from torch.distributions.categorical import Categorical as Categorical_
from torch.distributions.cauchy import Cauchy as Cauchy_
from torch.distributions.chi2 import Chi2 as Chi2_
from torch.distributions.continuous_bernoulli import ContinuousBernoulli as ContinuousBernoulli_
from torch.distributions.dirichlet import Dirichlet as Dirichlet_
from torch.distributions.exponential import Exponential as Exponential_
from torch.distributions.gamma import Gamma as Gamma_
from torch.distributions.geometric import Geometric as Geometric_
from torch.distributions.gumbel import Gumbel as Gumbel_
from torch.distributions.half_cauchy import HalfCauchy as HalfCauchy_
from torch.distributions.half_normal import HalfNormal as HalfNormal_
from torch.distributions.independent import Independent as Independent_
from torch.distributions.kumaraswamy import Kumaraswamy as Kumaraswamy_
from torch.distributions.laplace import Laplace as Laplace_
from torch.distributions.log_normal import LogNormal as LogNormal_
from torch.distributions.lowrank_multivariate_normal import LowRankMultivariateNormal as LowRankMultivariateNormal_
from torch.distributions.mixture_same_family import MixtureSameFamily as MixtureSameFamily_
from torch.distributions.multinomial import Multinomial as Multinomial_
from torch.distributions.multivariate_normal import MultivariateNormal as MultivariateNormal_
from torch.distributions.negative_binomial import NegativeBinomial as NegativeBinomial_
from torch.distributions.normal import Normal as Normal_
from torch.distributions.one_hot_categorical import OneHotCategorical as OneHotCategorical_
from torch.distributions.poisson import Poisson as Poisson_
from torch.distributions.relaxed_bernoulli import RelaxedBernoulli as RelaxedBernoulli_
from torch.distributions.relaxed_categorical import RelaxedOneHotCategorical as RelaxedOneHotCategorical_
from torch.distributions.studentT import StudentT as StudentT_
from torch.distributions.uniform import Uniform as Uniform_
from torch.distributions.kl import kl_divergence as kl_

bernoulli = Bernoulli_(logits=torch.zeros(3, 4))
reveal_shape(bernoulli.sample((2,)))  # reveal: (2, 3, 4)
reveal_shape(bernoulli.entropy())  # reveal: (3, 4)
reveal_shape(bernoulli.log_prob(bernoulli.sample()))  # reveal: (3, 4)
reveal_shape(torch.distributions.Bernoulli(logits=torch.zeros(3, 4)).mean)  # reveal: (3, 4)
beta = Beta_(torch.ones(4), 2.0)
reveal_shape(beta.sample((2,)))  # reveal: (2, 4)
reveal_shape(beta.entropy())  # reveal: (4,)
reveal_shape(beta.log_prob(beta.sample()))  # reveal: (4,)
reveal_shape(torch.distributions.Beta(torch.ones(4), 2.0).mean)  # reveal: (4,)
binomial = Binomial_(torch.full((4,), 5.0), probs=torch.full((2, 1), 0.5))
reveal_shape(binomial.sample((2,)))  # reveal: (2, 2, 4)
reveal_shape(binomial.log_prob(binomial.sample()))  # reveal: (2, 4)
reveal_shape(torch.distributions.Binomial(torch.full((4,), 5.0), probs=torch.full((2, 1), 0.5)).mean)  # reveal: (2, 4)
categorical = Categorical_(probs=torch.ones(3, 4) / 4)
reveal_shape(categorical.sample((2,)))  # reveal: (2, 3)
reveal_shape(categorical.entropy())  # reveal: (3,)
reveal_shape(categorical.log_prob(categorical.sample()))  # reveal: (3,)
reveal_shape(torch.distributions.Categorical(probs=torch.ones(3, 4) / 4).mean)  # reveal: (3,)
cauchy = Cauchy_(torch.zeros(5), torch.ones(5))
reveal_shape(cauchy.sample((2,)))  # reveal: (2, 5)
reveal_shape(cauchy.log_prob(cauchy.sample()))  # reveal: (5,)
reveal_shape(torch.distributions.Cauchy(torch.zeros(5), torch.ones(5)).mean)  # reveal: (5,)
chi2 = Chi2_(torch.full((2, 5), 3.0))
reveal_shape(chi2.sample((2,)))  # reveal: (2, 2, 5)
reveal_shape(chi2.entropy())  # reveal: (2, 5)
reveal_shape(chi2.log_prob(chi2.sample()))  # reveal: (2, 5)
reveal_shape(torch.distributions.Chi2(torch.full((2, 5), 3.0)).mean)  # reveal: (2, 5)
continuousbernoulli = ContinuousBernoulli_(probs=torch.full((2, 3), 0.3))
reveal_shape(continuousbernoulli.sample((2,)))  # reveal: (2, 2, 3)
reveal_shape(continuousbernoulli.entropy())  # reveal: (2, 3)
reveal_shape(continuousbernoulli.log_prob(continuousbernoulli.sample()))  # reveal: (2, 3)
reveal_shape(torch.distributions.ContinuousBernoulli(probs=torch.full((2, 3), 0.3)).mean)  # reveal: (2, 3)
dirichlet = Dirichlet_(torch.ones(3, 2, 4))
reveal_shape(dirichlet.sample((2,)))  # reveal: (2, 3, 2, 4)
reveal_shape(dirichlet.entropy())  # reveal: (3, 2)
reveal_shape(dirichlet.log_prob(dirichlet.sample()))  # reveal: (3, 2)
reveal_shape(torch.distributions.Dirichlet(torch.ones(3, 2, 4)).mean)  # reveal: (3, 2, 4)
exponential = Exponential_(torch.ones(7))
reveal_shape(exponential.sample((2,)))  # reveal: (2, 7)
reveal_shape(exponential.entropy())  # reveal: (7,)
reveal_shape(exponential.log_prob(exponential.sample()))  # reveal: (7,)
reveal_shape(torch.distributions.Exponential(torch.ones(7)).mean)  # reveal: (7,)
gamma = Gamma_(2.0, torch.ones(3, 1))
reveal_shape(gamma.sample((2,)))  # reveal: (2, 3, 1)
reveal_shape(gamma.entropy())  # reveal: (3, 1)
reveal_shape(gamma.log_prob(gamma.sample()))  # reveal: (3, 1)
reveal_shape(torch.distributions.Gamma(2.0, torch.ones(3, 1)).mean)  # reveal: (3, 1)
geometric = Geometric_(probs=torch.full((5,), 0.3))
reveal_shape(geometric.sample((2,)))  # reveal: (2, 5)
reveal_shape(geometric.log_prob(geometric.sample()))  # reveal: (5,)
reveal_shape(torch.distributions.Geometric(probs=torch.full((5,), 0.3)).mean)  # reveal: (5,)
gumbel = Gumbel_(torch.zeros(2, 1), torch.ones(1, 3))
reveal_shape(gumbel.sample((2,)))  # reveal: (2, 2, 3)
reveal_shape(gumbel.log_prob(gumbel.sample()))  # reveal: (2, 3)
reveal_shape(torch.distributions.Gumbel(torch.zeros(2, 1), torch.ones(1, 3)).mean)  # reveal: (2, 3)
halfcauchy = HalfCauchy_(torch.ones(2, 2))
reveal_shape(halfcauchy.sample((2,)))  # reveal: (2, 2, 2)
reveal_shape(halfcauchy.log_prob(halfcauchy.sample()))  # reveal: (2, 2)
reveal_shape(torch.distributions.HalfCauchy(torch.ones(2, 2)).mean)  # reveal: (2, 2)
halfnormal = HalfNormal_(torch.ones(6))
reveal_shape(halfnormal.sample((2,)))  # reveal: (2, 6)
reveal_shape(halfnormal.entropy())  # reveal: (6,)
reveal_shape(halfnormal.log_prob(halfnormal.sample()))  # reveal: (6,)
reveal_shape(torch.distributions.HalfNormal(torch.ones(6)).mean)  # reveal: (6,)
independent = Independent_(MultivariateNormal(torch.zeros(2, 5, 3), torch.eye(3)), 1)
reveal_shape(independent.sample((2,)))  # reveal: (2, 2, 5, 3)
reveal_shape(independent.entropy())  # reveal: (2,)
reveal_shape(independent.log_prob(independent.sample()))  # reveal: (2,)
reveal_shape(torch.distributions.Independent(MultivariateNormal(torch.zeros(2, 5, 3), torch.eye(3)), 1).mean)  # reveal: (2, 5, 3)
kumaraswamy = Kumaraswamy_(torch.ones(2), torch.ones(2))
reveal_shape(kumaraswamy.sample((2,)))  # reveal: (2, 2)
reveal_shape(kumaraswamy.log_prob(kumaraswamy.sample()))  # reveal: (2,)
reveal_shape(torch.distributions.Kumaraswamy(torch.ones(2), torch.ones(2)).mean)  # reveal: (2,)
laplace = Laplace_(torch.zeros(2, 3), 1.0)
reveal_shape(laplace.sample((2,)))  # reveal: (2, 2, 3)
reveal_shape(laplace.entropy())  # reveal: (2, 3)
reveal_shape(laplace.log_prob(laplace.sample()))  # reveal: (2, 3)
reveal_shape(torch.distributions.Laplace(torch.zeros(2, 3), 1.0).mean)  # reveal: (2, 3)
lognormal = LogNormal_(torch.zeros(2), 1.0)
reveal_shape(lognormal.sample((2,)))  # reveal: (2, 2)
reveal_shape(lognormal.entropy())  # reveal: (2,)
reveal_shape(lognormal.log_prob(lognormal.sample()))  # reveal: (2,)
reveal_shape(torch.distributions.LogNormal(torch.zeros(2), 1.0).mean)  # reveal: (2,)
lowrankmultivariatenormal = LowRankMultivariateNormal_(torch.zeros(4), torch.ones(4, 1), torch.ones(4))
reveal_shape(lowrankmultivariatenormal.sample((2,)))  # reveal: (2, 4)
reveal_shape(lowrankmultivariatenormal.entropy())  # reveal: ()
reveal_shape(lowrankmultivariatenormal.log_prob(lowrankmultivariatenormal.sample()))  # reveal: ()
reveal_shape(torch.distributions.LowRankMultivariateNormal(torch.zeros(4), torch.ones(4, 1), torch.ones(4)).mean)  # reveal: (4,)
mixturesamefamily = MixtureSameFamily_(Categorical(logits=torch.zeros(6, 2)), Dirichlet(torch.ones(6, 2, 3)))
reveal_shape(mixturesamefamily.sample((2,)))  # reveal: (2, 6, 3)
reveal_shape(mixturesamefamily.log_prob(mixturesamefamily.sample()))  # reveal: (6,)
reveal_shape(torch.distributions.MixtureSameFamily(Categorical(logits=torch.zeros(6, 2)), Dirichlet(torch.ones(6, 2, 3))).mean)  # reveal: (6, 3)
multinomial = Multinomial_(5, logits=torch.zeros(3, 4))
reveal_shape(multinomial.sample((2,)))  # reveal: (2, 3, 4)
reveal_shape(multinomial.log_prob(multinomial.sample()))  # reveal: (3,)
reveal_shape(torch.distributions.Multinomial(5, logits=torch.zeros(3, 4)).mean)  # reveal: (3, 4)
multivariatenormal = MultivariateNormal_(torch.zeros(2, 3), precision_matrix=torch.eye(3))
reveal_shape(multivariatenormal.sample((2,)))  # reveal: (2, 2, 3)
reveal_shape(multivariatenormal.entropy())  # reveal: (2,)
reveal_shape(multivariatenormal.log_prob(multivariatenormal.sample()))  # reveal: (2,)
reveal_shape(torch.distributions.MultivariateNormal(torch.zeros(2, 3), precision_matrix=torch.eye(3)).mean)  # reveal: (2, 3)
negativebinomial = NegativeBinomial_(3.0, logits=torch.zeros(6))
reveal_shape(negativebinomial.sample((2,)))  # reveal: (2, 6)
reveal_shape(negativebinomial.log_prob(negativebinomial.sample()))  # reveal: (6,)
reveal_shape(torch.distributions.NegativeBinomial(3.0, logits=torch.zeros(6)).mean)  # reveal: (6,)
normal = Normal_(torch.zeros(4, 1), torch.ones(3))
reveal_shape(normal.sample((2,)))  # reveal: (2, 4, 3)
reveal_shape(normal.entropy())  # reveal: (4, 3)
reveal_shape(normal.log_prob(normal.sample()))  # reveal: (4, 3)
reveal_shape(torch.distributions.Normal(torch.zeros(4, 1), torch.ones(3)).mean)  # reveal: (4, 3)
onehotcategorical = OneHotCategorical_(probs=torch.ones(2, 5) / 5)
reveal_shape(onehotcategorical.sample((2,)))  # reveal: (2, 2, 5)
reveal_shape(onehotcategorical.entropy())  # reveal: (2,)
reveal_shape(onehotcategorical.log_prob(onehotcategorical.sample()))  # reveal: (2,)
reveal_shape(torch.distributions.OneHotCategorical(probs=torch.ones(2, 5) / 5).mean)  # reveal: (2, 5)
poisson = Poisson_(torch.full((2, 2), 3.0))
reveal_shape(poisson.sample((2,)))  # reveal: (2, 2, 2)
reveal_shape(poisson.log_prob(poisson.sample()))  # reveal: (2, 2)
reveal_shape(torch.distributions.Poisson(torch.full((2, 2), 3.0)).mean)  # reveal: (2, 2)
relaxedbernoulli = RelaxedBernoulli_(torch.tensor(0.5), logits=torch.zeros(3, 2))
reveal_shape(relaxedbernoulli.sample((2,)))  # reveal: (2, 3, 2)
reveal_shape(relaxedbernoulli.log_prob(relaxedbernoulli.sample()))  # reveal: (3, 2)
reveal_shape(torch.distributions.RelaxedBernoulli(torch.tensor(0.5), logits=torch.zeros(3, 2)).rsample())  # reveal: (3, 2)
relaxedonehotcategorical = RelaxedOneHotCategorical_(torch.tensor(0.5), logits=torch.zeros(2, 6))
reveal_shape(relaxedonehotcategorical.sample((2,)))  # reveal: (2, 2, 6)
reveal_shape(relaxedonehotcategorical.log_prob(relaxedonehotcategorical.sample()))  # reveal: (2,)
reveal_shape(torch.distributions.RelaxedOneHotCategorical(torch.tensor(0.5), logits=torch.zeros(2, 6)).rsample())  # reveal: (2, 6)
studentt = StudentT_(torch.full((3,), 4.0))
reveal_shape(studentt.sample((2,)))  # reveal: (2, 3)
reveal_shape(studentt.log_prob(studentt.sample()))  # reveal: (3,)
reveal_shape(torch.distributions.StudentT(torch.full((3,), 4.0)).mean)  # reveal: (3,)
uniform = Uniform_(torch.zeros(3), torch.ones(2, 3))
reveal_shape(uniform.sample((2,)))  # reveal: (2, 2, 3)
reveal_shape(uniform.entropy())  # reveal: (2, 3)
reveal_shape(uniform.log_prob(uniform.sample()))  # reveal: (2, 3)
reveal_shape(torch.distributions.Uniform(torch.zeros(3), torch.ones(2, 3)).mean)  # reveal: (2, 3)
reveal_shape(kl_(Normal_(torch.zeros(3), 1.0), Normal_(torch.zeros(2, 1), 2.0)))  # reveal: (2, 3)
