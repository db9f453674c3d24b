package preview

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/fsnotify/fsnotify"
)

// batcherRun starts a batcher inside a synctest bubble and returns its input and output.
func batcherRun(t *testing.T) (chan<- change, <-chan Change) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	in := make(chan change)
	out := make(chan Change)
	done := make(chan struct{})
	go func() {
		defer close(done)
		batcher{quiet: 100 * time.Millisecond, most: time.Second}.run(ctx, in, out)
	}()
	t.Cleanup(func() { cancel(); <-done })
	return in, out
}

// received is what the batcher has sent by now, without waiting.
func received(out <-chan Change) []Change {
	var got []Change
	for {
		select {
		case c := <-out:
			got = append(got, c)
		default:
			return got
		}
	}
}

func TestBatcherBurstIsOneBatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out := batcherRun(t)
		// An atomic save, then sed -i, 20 ms apart: one burst.
		for _, p := range []string{"d/.x.json.swp", "d/x.json", "d/sedAb12", "d/x.json", "d/y.json"} {
			in <- change{path: p}
			time.Sleep(20 * time.Millisecond)
		}
		synctest.Wait()
		if got := received(out); len(got) != 0 {
			t.Fatalf("a batch before the folder was quiet: %v", got)
		}
		time.Sleep(100 * time.Millisecond)
		synctest.Wait()
		got := received(out)
		want := []string{"d/.x.json.swp", "d/sedAb12", "d/x.json", "d/y.json"}
		if len(got) != 1 || !slices.Equal(got[0].Paths, want) || got[0].Full {
			t.Errorf("got %+v, want one batch of %v", got, want)
		}
	})
}

func TestBatcherQuietGapsMakeSeparateBatches(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out := batcherRun(t)
		in <- change{path: "a"}
		time.Sleep(150 * time.Millisecond)
		synctest.Wait()
		got := received(out)
		in <- change{path: "b"}
		time.Sleep(150 * time.Millisecond)
		synctest.Wait()
		got = append(got, received(out)...)
		if len(got) != 2 || !slices.Equal(got[0].Paths, []string{"a"}) || !slices.Equal(got[1].Paths, []string{"b"}) {
			t.Errorf("got %+v, want [a] then [b]", got)
		}
	})
}

func TestBatcherEndlessWritesStillRebuild(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out := batcherRun(t)
		var got []Change
		for range 120 { // 50 ms apart for 6 s: never quiet
			in <- change{path: "log.json"}
			time.Sleep(50 * time.Millisecond)
			synctest.Wait()
			got = append(got, received(out)...)
		}
		if len(got) < 5 || len(got) > 6 {
			t.Errorf("got %d batches in 6 s of writes every 50 ms, want one a second", len(got))
		}
	})
}

func TestBatcherOverflowIsAFullRebuild(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out := batcherRun(t)
		in <- change{path: "a"}
		in <- change{full: true}
		time.Sleep(time.Second)
		synctest.Wait()
		got := received(out)
		if len(got) != 1 || !got[0].Full || !slices.Equal(got[0].Paths, []string{"a"}) {
			t.Errorf("got %+v, want one full batch", got)
		}
	})
}

func TestBatcherGathersWhileTheReceiverIsBusy(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, out := batcherRun(t)
		in <- change{path: "a"}
		time.Sleep(200 * time.Millisecond) // ready, but nobody receives: a rebuild is running
		in <- change{path: "b"}
		in <- change{path: "c"}
		time.Sleep(50 * time.Millisecond) // not yet quiet after b and c
		synctest.Wait()
		select {
		case c := <-out:
			t.Fatalf("got %+v while b and c were still settling", c)
		default:
		}
		time.Sleep(100 * time.Millisecond)
		synctest.Wait()
		got := received(out)
		if len(got) != 1 || !slices.Equal(got[0].Paths, []string{"a", "b", "c"}) {
			t.Errorf("got %+v, want one batch of a, b and c", got)
		}
	})
}

func TestBatcherStopsWithItsContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		in := make(chan change)
		done := make(chan struct{})
		go func() {
			batcher{quiet: 100 * time.Millisecond, most: time.Second}.run(ctx, in, make(chan Change))
			close(done)
		}()
		in <- change{path: "a"}
		time.Sleep(time.Second) // a batch is ready and nobody takes it
		cancel()
		synctest.Wait()
		select {
		case <-done:
		default:
			t.Error("the batcher did not stop with its context")
		}
	})
}

func TestIgnoredEditorFiles(t *testing.T) {
	for _, name := range []string{".x.json.swp", ".x.json.swo", "x.json~", "#x.json#", ".#x.json", "4913",
		"x.json.tmp", "x.json___jb_tmp___", "x.json___jb_old___"} {
		if !ignored(name) {
			t.Errorf("ignored(%q) = false, want true", name)
		}
	}
	for _, name := range []string{"x.json", "index.md", "frontier.toml", "49130.json", "sedAb12", "swp.json", "chart.html"} {
		if ignored(name) {
			t.Errorf("ignored(%q) = true, want false", name)
		}
	}
}

// watchRun starts a Watcher on a real folder and returns its changes.
func watchRun(t *testing.T, trees, files []string) <-chan Change {
	t.Helper()
	w, err := NewWatcher(trees, files)
	if err != nil {
		t.Fatal(err)
	}
	w.Quiet = 50 * time.Millisecond
	ctx, cancel := context.WithCancel(t.Context())
	out := make(chan Change)
	done := make(chan struct{})
	go func() { w.Run(ctx, out); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return out
}

// nextChange waits for the watcher's next batch. The timeout only keeps a broken watcher
// from hanging the test; it asserts nothing about speed.
func nextChange(t *testing.T, out <-chan Change, step string) Change {
	t.Helper()
	select {
	case c := <-out:
		return c
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: no change after 10 s", step)
		return Change{}
	}
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWatcherOneChangePerSave drives a real folder through the ways authors save, and each
// must arrive as exactly one batch naming the file. Batches are checked in order, and a last
// marker file proves no stray batch came in between.
func TestWatcherOneChangePerSave(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, "data")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(data, "a.json"), "{}")
	out := watchRun(t, []string{data, filepath.Join(root, "templates")}, []string{filepath.Join(root, "frontier.toml")})

	has := func(c Change, p string) bool { return slices.Contains(c.Paths, p) }
	steps := []struct {
		name string
		do   func()
		want string // a path the batch must name
	}{
		{"create a dataset", func() { writeFile(t, filepath.Join(data, "b.json"), "{}") }, filepath.Join(data, "b.json")},
		{"a new folder with a file", func() {
			dir := filepath.Join(data, "new", "deeper")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(dir, "c.json"), "{}")
		}, filepath.Join(data, "new", "deeper", "c.json")},
		{"a file in the new folder, later", func() {
			writeFile(t, filepath.Join(data, "new", "deeper", "d.json"), "{}")
		}, filepath.Join(data, "new", "deeper", "d.json")},
		{"an atomic save by rename", func() {
			tmp := filepath.Join(data, ".a.json.tmp")
			writeFile(t, tmp, `{"saved": 1}`)
			if err := os.Rename(tmp, filepath.Join(data, "a.json")); err != nil {
				t.Fatal(err)
			}
		}, filepath.Join(data, "a.json")},
		{"sed -i and a burst of writes", func() {
			tmp := filepath.Join(data, "sedX1y2Z3")
			writeFile(t, tmp, `{"sed": 1}`)
			if err := os.Rename(tmp, filepath.Join(data, "a.json")); err != nil {
				t.Fatal(err)
			}
			for i := range 20 {
				writeFile(t, filepath.Join(data, "b.json"), strings.Repeat("x", i))
			}
		}, filepath.Join(data, "a.json")},
		{"the config", func() { writeFile(t, filepath.Join(root, "frontier.toml"), "title = 'x'\n") }, filepath.Join(root, "frontier.toml")},
		{"templates/ created later", func() {
			if err := os.Mkdir(filepath.Join(root, "templates"), 0o755); err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(root, "templates", "chart.html"), "x")
		}, filepath.Join(root, "templates", "chart.html")},
		{"a file beside the config is not watched, a removal is", func() {
			writeFile(t, filepath.Join(root, "notes.txt"), "x")
			if err := os.Mkdir(filepath.Join(root, "public"), 0o755); err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(root, "public", "index.html"), "x")
			if err := os.RemoveAll(filepath.Join(data, "new")); err != nil {
				t.Fatal(err)
			}
		}, filepath.Join(data, "new")},
		{"marker", func() { writeFile(t, filepath.Join(data, "marker.json"), "{}") }, filepath.Join(data, "marker.json")},
	}
	for _, s := range steps {
		s.do()
		c := nextChange(t, out, s.name)
		if !has(c, s.want) || c.Full {
			t.Errorf("%s: got %+v, want one batch naming %s", s.name, c, s.want)
		}
		for _, p := range c.Paths {
			if ignored(filepath.Base(p)) || strings.Contains(p, "public") || strings.HasSuffix(p, "notes.txt") {
				t.Errorf("%s: batch names %s, which is not watched", s.name, p)
			}
		}
	}
}

// TestWatcherErrorIsAFullRebuild: when the kernel's queue overflows, events were lost, so the
// next batch says so, and folders created meanwhile are watched again.
func TestWatcherErrorIsAFullRebuild(t *testing.T) {
	data := t.TempDir()
	w, err := NewWatcher([]string{data}, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Quiet = 20 * time.Millisecond
	ctx, cancel := context.WithCancel(t.Context())
	out := make(chan Change)
	done := make(chan struct{})
	go func() { w.Run(ctx, out); close(done) }()
	defer func() { cancel(); <-done }()

	w.fsw.Errors <- fsnotify.ErrEventOverflow // as the inotify backend reports it
	if c := nextChange(t, out, "overflow"); !c.Full {
		t.Errorf("after an overflow: got %+v, want a full rebuild", c)
	}
	writeFile(t, filepath.Join(data, "after.json"), "{}")
	if c := nextChange(t, out, "after"); c.Full || !slices.Contains(c.Paths, filepath.Join(data, "after.json")) {
		t.Errorf("the next save: got %+v", c)
	}
}
