#include "taglib_shim.h"
