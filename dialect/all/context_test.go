package all

import (
	"runtime"
	"testing"
)

// TestContextsAreFreed: a context, its dialects and their op definitions
// are garbage once unreferenced. (A process-wide record of every op
// definition once kept about 300 KB per context alive, which a long-lived
// process making a context per module, or a fuzzer, grew into gigabytes.)
func TestContextsAreFreed(t *testing.T) {
	Context()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range 500 {
		Context()
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 30<<20 {
		t.Fatalf("the heap grew by %d MB over 500 contexts: something keeps them alive", grown>>20)
	}
}
