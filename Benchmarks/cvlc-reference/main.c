#include "CVLCReference.h"

int main(int argc, char **argv) { return cvr_main(argc, argv); }
