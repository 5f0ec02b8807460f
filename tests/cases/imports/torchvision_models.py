# torchvision.models' classifiers from shapecheck's stubs (torchvision is no dependency): fine-tuning
# code that reads a head's in_features and swaps the head sees torchvision's widths and strides.
# Expectations from torchvision 0.29.1 under torch 2.13.
import torch
import torch.nn as nn
import torchvision
from torchvision import models
import torchvision.models as tvm
from torchvision.models import resnet50

model = models.resnet18()
num_ftrs = model.fc.in_features
model.fc = nn.Linear(num_ftrs, 2)
x = torch.randn(4, 3, 224, 224)
reveal_shape(model(x))  # reveal: (4, 2)
reveal_shape(resnet50(weights=None)(x))  # reveal: (4, 1000)
reveal_shape(torchvision.models.vgg16(num_classes=10)(torch.randn(2, 3, 64, 64)))  # reveal: (2, 10)
m2 = tvm.mobilenet_v2()
m2.classifier[1] = nn.Linear(m2.last_channel, 5)
reveal_shape(m2(x))  # reveal: (4, 5)
eff = tvm.efficientnet_b0()
eff.classifier[1] = nn.Linear(eff.classifier[1].in_features, 3)
reveal_shape(eff(x))  # reveal: (4, 3)
vit = tvm.vit_b_16()
vit.heads.head = nn.Linear(vit.heads.head.in_features, 7)
reveal_shape(vit(x))  # reveal: (4, 7)
cn = tvm.convnext_tiny()
cn.classifier[2] = nn.Linear(768, 4)
reveal_shape(cn(x))  # reveal: (4, 4)
dn = tvm.densenet121()
dn.classifier = nn.Linear(dn.classifier.in_features, 6)
reveal_shape(dn(x))  # reveal: (4, 6)
r = tvm.resnet50()
r.fc = nn.Identity()
reveal_shape(r(x))  # reveal: (4, 2048)
reveal_shape(tvm.alexnet()(x))  # reveal: (4, 1000)
reveal_shape(tvm.mobilenet_v3_large(num_classes=11)(x))  # reveal: (4, 11)
reveal_shape(model.layer4(model.layer3(torch.randn(1, 128, 28, 28))))  # reveal: (1, 512, 7, 7)


class Siamese(nn.Module):
    def __init__(self):
        super().__init__()
        self.resnet = torchvision.models.resnet18(weights=None)
        self.fc_in_features = self.resnet.fc.in_features
        self.resnet = torch.nn.Sequential(*(list(self.resnet.children())[:-1]))
        self.fc = nn.Sequential(nn.Linear(self.fc_in_features * 2, 256), nn.ReLU(inplace=True), nn.Linear(256, 1))

    def forward(self, a, b):
        o1 = self.resnet(a).view(a.size(0), -1)
        o2 = self.resnet(b).view(b.size(0), -1)
        return self.fc(torch.cat((o1, o2), 1))


reveal_shape(Siamese()(x, x))
model(torch.randn(4, 1, 224, 224))  # error: SC110
r18 = torchvision.models.resnet18()
reveal_shape(nn.Sequential(*list(r18.children())[:-1])(torch.randn(2, 3, 224, 224)))  # reveal: (2, 512, 1, 1)
reveal_shape(nn.Sequential(*list(r18.children())[:-2])(torch.randn(2, 3, 224, 224)))  # reveal: (2, 512, 7, 7)
