#include "CSwiftVLCShim.h"

#include <malloc.h>

void swiftvlc_trim_heap(void) { malloc_trim(0); }
