package preview

// Watching the site's inputs for the preview server, in two small parts, as Hugo does it:
// a Watcher that turns fsnotify's events into paths worth a rebuild (following new folders,
// dropping editor droppings), and a batcher that turns a burst of such paths into one Change.
// One save is rarely one event: an atomic save is create, write, rename; `sed -i` is a temporary
// file and a rename; vim writes a probe file called 4913 first. The batcher waits until the
// folder has been quiet for a moment, so each of them is one rebuild.

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultQuiet is how long the inputs must be still before a rebuild: long enough to swallow
// the events of one save (an editor's write and rename come within a millisecond or two, ten
// times less), short enough to leave the rebuild and the page their time inside the 150 ms
// from a save to the chart updated in place (BenchmarkSaveToPage). A longer burst, such as a
// checkout, may take two rebuilds; each is incremental.
const DefaultQuiet = 25 * time.Millisecond

// Change is one batch of file system changes: one rebuild.
type Change struct {
	Paths []string // the files and folders that changed, as the watcher names them, sorted
	// Full says events may have been lost (the kernel's queue overflowed, the watcher failed):
	// nothing kept from earlier builds can be trusted.
	Full bool
}

// change is one event on its way into a batch.
type change struct {
	path string
	full bool
}

// batcher collects changes into batches: a batch is ready when no change has arrived for quiet,
// or when its first change is most old, so that a file written without pause still rebuilds.
type batcher struct {
	quiet, most time.Duration
}

// run batches the changes from in onto out until ctx is done or in is closed. While the
// receiver is busy (rebuilding) it keeps gathering, so the next batch holds everything since.
func (b batcher) run(ctx context.Context, in <-chan change, out chan<- Change) {
	quiet, most := time.NewTimer(b.quiet), time.NewTimer(b.most)
	quiet.Stop()
	most.Stop()
	defer quiet.Stop()
	defer most.Stop()
	var (
		batch Change
		seen  = map[string]bool{}
		send  chan<- Change // out once the batch is ready: a nil channel is never chosen
	)
	pending := func() bool { return batch.Full || len(batch.Paths) > 0 }
	for {
		select {
		case <-ctx.Done():
			return
		case c, ok := <-in:
			if !ok {
				if pending() {
					select {
					case out <- finish(batch):
					case <-ctx.Done():
					}
				}
				return
			}
			if !pending() {
				most.Reset(b.most)
			}
			if c.full {
				batch.Full = true
			} else if !seen[c.path] {
				seen[c.path] = true
				batch.Paths = append(batch.Paths, c.path)
			}
			send = nil // not quiet any more
			quiet.Reset(b.quiet)
		case <-quiet.C:
			send = out
		case <-most.C:
			send = out
		case send <- finish(batch):
			quiet.Stop()
			most.Stop()
			batch, seen, send = Change{}, map[string]bool{}, nil
		}
	}
}

// finish sorts a batch's paths; sending it is the end of it.
func finish(c Change) Change {
	slices.Sort(c.Paths)
	return c
}

// Watcher watches a site's inputs: some folders recursively (the data folder, templates/),
// and some single files (frontier.toml). Folders created later are watched as they appear,
// and the files already in them count as changes. A folder or file that does not exist yet
// is watched for from its parent.
type Watcher struct {
	// Quiet is how long the inputs must be still before a batch is sent; DefaultQuiet when zero.
	Quiet time.Duration

	fsw     *fsnotify.Watcher
	trees   []string            // watched recursively
	anchors map[string][]string // a watched parent folder -> the names in it we care about
	watched map[string]bool     // every folder fsw watches
	once    sync.Once
}

// NewWatcher starts watching trees (recursively) and files. Paths are OS paths; changes name
// files the same way, joined onto them. Call Run to receive changes, or Close.
func NewWatcher(trees, files []string) (*Watcher, error) {
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{fsw: fsw, anchors: map[string][]string{}, watched: map[string]bool{}}
	for _, t := range trees {
		t = filepath.Clean(t)
		w.trees = append(w.trees, t)
		w.anchor(t)
	}
	for _, f := range files {
		w.anchor(filepath.Clean(f))
	}
	for dir := range w.anchors {
		if err := w.add(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			fsw.Close()
			return nil, err
		}
	}
	for _, t := range w.trees {
		if err := w.addTree(t, nil); err != nil {
			fsw.Close()
			return nil, err
		}
	}
	return w, nil
}

// anchor watches p's parent folder for p itself: its creation, removal or replacement.
func (w *Watcher) anchor(p string) {
	dir := filepath.Dir(p)
	w.anchors[dir] = append(w.anchors[dir], filepath.Base(p))
}

func (w *Watcher) add(dir string) error {
	if w.watched[dir] {
		return nil
	}
	if err := w.fsw.Add(dir); err != nil {
		return err
	}
	w.watched[dir] = true
	return nil
}

// addTree watches dir and every folder below it, except the ones the build skips (hidden,
// "_" and node_modules). found, when not nil, receives every file already there: they were
// created before the watch could see them.
func (w *Watcher) addTree(dir string, found func(string)) error {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll // not there (yet): its anchor sees it come
			}
			return nil // unreadable: the build says so
		}
		if !d.IsDir() {
			if found != nil {
				found(p)
			}
			return nil
		}
		if p != dir && skipFolder(d.Name()) {
			return fs.SkipDir
		}
		if err := w.add(p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return fs.SkipDir // gone again already
			}
			return err
		}
		return nil
	})
	return err
}

// skipFolder: folders the build never reads, so changes in them never matter.
func skipFolder(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "node_modules"
}

// forget stops watching dir and everything below it, after it was removed or renamed away.
func (w *Watcher) forget(dir string) {
	for p := range w.watched {
		if p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) {
			_ = w.fsw.Remove(p) // fails when the kernel already dropped it, which is fine
			delete(w.watched, p)
		}
	}
}

// inTree reports whether p is a watched tree or below one.
func (w *Watcher) inTree(p string) bool {
	for _, t := range w.trees {
		if p == t || strings.HasPrefix(p, t+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// editorTemp matches the files editors write beside the one being saved: vim's swap files
// (.swp, .swo, ...) and its 4913 probe, backups ending in ~, emacs's #autosave# and .#lock,
// JetBrains' ___jb_tmp___ and ___jb_old___, and anything ending in .tmp.
var editorTemp = regexp.MustCompile(`(\.sw[a-p]|~|\.tmp|___jb_(tmp|old)___)$|^#.*#$|^\.#|^4913$`)

// ignored says whether an event on a file of this name can be dropped.
func ignored(name string) bool { return editorTemp.MatchString(name) }

// Run sends a Change on out after each burst of changes, until ctx is done; then it closes the
// watcher. It returns once every goroutine it started has ended.
func (w *Watcher) Run(ctx context.Context, out chan<- Change) {
	defer w.Close()
	quiet := w.Quiet
	if quiet <= 0 {
		quiet = DefaultQuiet
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	in := make(chan change, 64)
	var wg sync.WaitGroup
	wg.Go(func() { batcher{quiet: quiet, most: 10 * quiet}.run(ctx, in, out) })
	defer wg.Wait()
	emit := func(c change) bool {
		select {
		case in <- c:
			return true
		case <-ctx.Done():
			return false
		}
	}
	for {
		select {
		case <-ctx.Done():
			return
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			_ = err // overflow or a failing watch: either way events are lost
			for _, t := range w.trees {
				_ = w.addTree(t, nil) // folders created meanwhile
			}
			if !emit(change{full: true}) {
				return
			}
		case e, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			for _, c := range w.handle(e) {
				if !emit(c) {
					return
				}
			}
		}
	}
}

// handle turns one fsnotify event into the changes it stands for.
func (w *Watcher) handle(e fsnotify.Event) []change {
	name := filepath.Clean(e.Name)
	if e.Op == fsnotify.Chmod || ignored(filepath.Base(name)) {
		return nil
	}
	if !w.inTree(name) && !slices.Contains(w.anchors[filepath.Dir(name)], filepath.Base(name)) {
		return nil // a neighbour of frontier.toml, the output folder, ...
	}
	out := []change{{path: name}}
	if e.Has(fsnotify.Remove) || e.Has(fsnotify.Rename) {
		w.forget(name)
	}
	if e.Has(fsnotify.Create) && w.inTree(name) {
		if fi, err := os.Stat(name); err == nil && fi.IsDir() && (slices.Contains(w.trees, name) || !skipFolder(fi.Name())) {
			_ = w.addTree(name, func(p string) {
				if !ignored(filepath.Base(p)) {
					out = append(out, change{path: p})
				}
			})
		}
	}
	return out
}

// Close stops watching. Run closes the watcher itself when it ends.
func (w *Watcher) Close() error {
	var err error
	w.once.Do(func() { err = w.fsw.Close() })
	return err
}
