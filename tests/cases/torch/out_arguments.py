# torch resizes an out= tensor to the result's shape (fairseq's beam search fills empty buffers so)
import torch


class BeamSearch:
    def init_buffers(self, t):
        self.scores_buf = t.new()
        self.indices_buf = torch.LongTensor().to(device=t.device)

    def step(self, lprobs):
        self.init_buffers(lprobs)
        bsz = lprobs.size(0)
        torch.topk(lprobs.view(bsz, -1), k=4, out=(self.scores_buf, self.indices_buf))
        reveal_shape(self.indices_buf)  # reveal: (bsz, 4)
        return torch.gather(lprobs.view(bsz, -1), 1, self.indices_buf)


reveal_shape(BeamSearch().step(torch.randn(2, 3, 5)))  # reveal: (2, 4)

x = torch.randn(4, 10)
values, indices = torch.empty(0), torch.LongTensor()
torch.sort(x, dim=1, out=(values, indices))
reveal_shape(indices)  # reveal: (4, 10)
y = torch.empty(0)
torch.add(x, 1, out=y)
reveal_shape(y)  # reveal: (4, 10)
z = torch.empty(3)
r = torch.matmul(x, x.T, out=z)
reveal_shape(z)  # reveal: (4, 4)
reveal_shape(r)  # reveal: (4, 4)
w = torch.empty(0)
torch.cat([x, x], out=w)
reveal_shape(w)  # reveal: (8, 10)
reveal_shape(w @ x.T)  # reveal: (8, 4)
