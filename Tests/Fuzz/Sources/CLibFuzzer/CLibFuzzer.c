#include "CLibFuzzer.h"

// Weak, so that a build without a sanitizer (just -sanitize=fuzzer) still links.
void __lsan_disable(void) __attribute__((weak));
void __lsan_enable(void) __attribute__((weak));

void axfuzz_ignore_leaks_begin(void) {
  if (__lsan_disable) __lsan_disable();
}

void axfuzz_ignore_leaks_end(void) {
  if (__lsan_enable) __lsan_enable();
}
