"""torchvision.models' image classifiers, for shapecheck: each maps (N, 3, H, W) to (N, num_classes)
through layers named as torchvision names them (``model.fc``, ``model.classifier[1]``,
``model.heads.head``, ``model.features``), so that fine-tuning code that reads a head's
``in_features`` or swaps a head sees the widths torchvision has. The stages between stem and head
are one convolution each, with torchvision's strides: the spatial sizes and the channel count at the
head are torchvision's. Weights and ``pretrained`` change no shape."""

import torch
from torch import nn
import torch.nn.functional as F


def _stage(cin, cout, stride):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class ResNet(nn.Module):
    def __init__(self, widths, num_classes=1000):
        super().__init__()
        self.inplanes = 64
        self.conv1 = nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.layer1 = _stage(64, widths[0], 1)
        self.layer2 = _stage(widths[0], widths[1], 2)
        self.layer3 = _stage(widths[1], widths[2], 2)
        self.layer4 = _stage(widths[2], widths[3], 2)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(widths[3], num_classes)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        x = torch.flatten(self.avgpool(x), 1)
        return self.fc(x)


_BASIC = (64, 128, 256, 512)
_BOTTLENECK = (256, 512, 1024, 2048)


class VGG(nn.Module):
    def __init__(self, num_classes=1000):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2, 2),
            nn.Conv2d(64, 128, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2, 2),
            nn.Conv2d(128, 256, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2, 2),
            nn.Conv2d(256, 512, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2, 2),
            nn.Conv2d(512, 512, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2, 2))
        self.avgpool = nn.AdaptiveAvgPool2d((7, 7))
        self.classifier = nn.Sequential(
            nn.Linear(512 * 7 * 7, 4096), nn.ReLU(True), nn.Dropout(),
            nn.Linear(4096, 4096), nn.ReLU(True), nn.Dropout(),
            nn.Linear(4096, num_classes))

    def forward(self, x):
        x = self.avgpool(self.features(x))
        return self.classifier(torch.flatten(x, 1))


class AlexNet(nn.Module):
    def __init__(self, num_classes=1000, dropout=0.5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, kernel_size=11, stride=4, padding=2), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
            nn.Conv2d(64, 192, kernel_size=5, padding=2), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
            nn.Conv2d(192, 384, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(384, 256, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(256, 256, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2))
        self.avgpool = nn.AdaptiveAvgPool2d((6, 6))
        self.classifier = nn.Sequential(
            nn.Dropout(p=dropout), nn.Linear(256 * 6 * 6, 4096), nn.ReLU(inplace=True),
            nn.Dropout(p=dropout), nn.Linear(4096, 4096), nn.ReLU(inplace=True),
            nn.Linear(4096, num_classes))

    def forward(self, x):
        x = self.avgpool(self.features(x))
        return self.classifier(torch.flatten(x, 1))


class DenseNet(nn.Module):
    def __init__(self, channels, num_classes=1000):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3, bias=False), nn.BatchNorm2d(64),
            nn.ReLU(inplace=True), nn.MaxPool2d(kernel_size=3, stride=2, padding=1),
            nn.AvgPool2d(kernel_size=2, stride=2), nn.AvgPool2d(kernel_size=2, stride=2),
            nn.AvgPool2d(kernel_size=2, stride=2), nn.Conv2d(64, channels, 1), nn.BatchNorm2d(channels))
        self.classifier = nn.Linear(channels, num_classes)

    def forward(self, x):
        out = F.relu(self.features(x), inplace=True)
        out = torch.flatten(F.adaptive_avg_pool2d(out, (1, 1)), 1)
        return self.classifier(out)


def _five_halvings(first, last):
    """Five stride-2 stages from 3 channels to ``last`` (MobileNet, EfficientNet: (L - 1) // 2 + 1 each)."""
    return nn.Sequential(_stage(3, first, 2), _stage(first, first, 2), _stage(first, first, 2),
                         _stage(first, first, 2), _stage(first, first, 2),
                         nn.Conv2d(first, last, 1, bias=False), nn.BatchNorm2d(last), nn.ReLU(inplace=True))


class MobileNetV2(nn.Module):
    def __init__(self, num_classes=1000, dropout=0.2):
        super().__init__()
        self.last_channel = 1280
        self.features = _five_halvings(32, self.last_channel)
        self.classifier = nn.Sequential(nn.Dropout(p=dropout), nn.Linear(self.last_channel, num_classes))

    def forward(self, x):
        x = F.adaptive_avg_pool2d(self.features(x), (1, 1))
        return self.classifier(torch.flatten(x, 1))


class MobileNetV3(nn.Module):
    def __init__(self, lastconv, last_channel, num_classes=1000, dropout=0.2):
        super().__init__()
        self.features = _five_halvings(16, lastconv)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(
            nn.Linear(lastconv, last_channel), nn.Hardswish(inplace=True), nn.Dropout(p=dropout, inplace=True),
            nn.Linear(last_channel, num_classes))

    def forward(self, x):
        x = self.avgpool(self.features(x))
        return self.classifier(torch.flatten(x, 1))


class EfficientNet(nn.Module):
    def __init__(self, lastconv, dropout, num_classes=1000):
        super().__init__()
        self.features = _five_halvings(32, lastconv)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(nn.Dropout(p=dropout, inplace=True), nn.Linear(lastconv, num_classes))

    def forward(self, x):
        x = self.avgpool(self.features(x))
        return self.classifier(torch.flatten(x, 1))


class LayerNorm2d(nn.Module):
    """A layer norm over the channels of (N, C, H, W)."""

    def __init__(self, channels):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))
        self.bias = nn.Parameter(torch.zeros(channels))

    def forward(self, x):
        return x * self.weight[:, None, None] + self.bias[:, None, None]


class ConvNeXt(nn.Module):
    def __init__(self, widths, num_classes=1000):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, widths[0], kernel_size=4, stride=4), nn.Conv2d(widths[0], widths[1], kernel_size=2, stride=2),
            nn.Conv2d(widths[1], widths[2], kernel_size=2, stride=2),
            nn.Conv2d(widths[2], widths[3], kernel_size=2, stride=2))
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(LayerNorm2d(widths[3]), nn.Flatten(1), nn.Linear(widths[3], num_classes))

    def forward(self, x):
        x = self.avgpool(self.features(x))
        return self.classifier(x)


class _Heads(nn.Module):
    def __init__(self, hidden_dim, num_classes):
        super().__init__()
        self.head = nn.Linear(hidden_dim, num_classes)

    def forward(self, x):
        return self.head(x)


class VisionTransformer(nn.Module):
    def __init__(self, patch_size, hidden_dim, num_classes=1000, image_size=224):
        super().__init__()
        self.image_size = image_size
        self.patch_size = patch_size
        self.hidden_dim = hidden_dim
        self.conv_proj = nn.Conv2d(3, hidden_dim, kernel_size=patch_size, stride=patch_size)
        self.class_token = nn.Parameter(torch.zeros(1, 1, hidden_dim))
        self.heads = _Heads(hidden_dim, num_classes)

    def forward(self, x):
        n = x.shape[0]
        x = self.conv_proj(x)
        x = x.reshape(n, self.hidden_dim, -1).permute(0, 2, 1)
        x = torch.cat([self.class_token.expand(n, -1, -1), x], dim=1)
        return self.heads(x[:, 0])


def _maker(build, *sizes):
    """A constructor as torchvision's: ``resnet18(weights=..., num_classes=10)``."""

    def make(pretrained=False, progress=True, weights=None, num_classes=1000, **kwargs):
        return build(*sizes, num_classes=num_classes)

    return make


resnet18 = _maker(ResNet, _BASIC)
resnet34 = _maker(ResNet, _BASIC)
resnet50 = _maker(ResNet, _BOTTLENECK)
resnet101 = _maker(ResNet, _BOTTLENECK)
resnet152 = _maker(ResNet, _BOTTLENECK)
resnext50_32x4d = _maker(ResNet, _BOTTLENECK)
resnext101_32x8d = _maker(ResNet, _BOTTLENECK)
wide_resnet50_2 = _maker(ResNet, _BOTTLENECK)
wide_resnet101_2 = _maker(ResNet, _BOTTLENECK)
vgg11 = _maker(VGG)
vgg11_bn = _maker(VGG)
vgg13 = _maker(VGG)
vgg13_bn = _maker(VGG)
vgg16 = _maker(VGG)
vgg16_bn = _maker(VGG)
vgg19 = _maker(VGG)
vgg19_bn = _maker(VGG)
alexnet = _maker(AlexNet)
densenet121 = _maker(DenseNet, 1024)
densenet161 = _maker(DenseNet, 2208)
densenet169 = _maker(DenseNet, 1664)
densenet201 = _maker(DenseNet, 1920)
mobilenet_v2 = _maker(MobileNetV2)
mobilenet_v3_small = _maker(MobileNetV3, 576, 1024)
mobilenet_v3_large = _maker(MobileNetV3, 960, 1280)
efficientnet_b0 = _maker(EfficientNet, 1280, 0.2)
efficientnet_b1 = _maker(EfficientNet, 1280, 0.2)
efficientnet_b2 = _maker(EfficientNet, 1408, 0.3)
efficientnet_b3 = _maker(EfficientNet, 1536, 0.3)
efficientnet_b4 = _maker(EfficientNet, 1792, 0.4)
efficientnet_b5 = _maker(EfficientNet, 2048, 0.4)
efficientnet_b6 = _maker(EfficientNet, 2304, 0.5)
efficientnet_b7 = _maker(EfficientNet, 2560, 0.5)
convnext_tiny = _maker(ConvNeXt, (96, 192, 384, 768))
convnext_small = _maker(ConvNeXt, (96, 192, 384, 768))
convnext_base = _maker(ConvNeXt, (128, 256, 512, 1024))
convnext_large = _maker(ConvNeXt, (192, 384, 768, 1536))
vit_b_16 = _maker(VisionTransformer, 16, 768)
vit_b_32 = _maker(VisionTransformer, 32, 768)
vit_l_16 = _maker(VisionTransformer, 16, 1024)
vit_l_32 = _maker(VisionTransformer, 32, 1024)
