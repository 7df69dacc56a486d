// C functions over TagLib's C++ API (the 1.13 C binding lacks the property map).
#pragma once
