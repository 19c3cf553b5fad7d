// The floor under the library's first display: the library keeps one `GListStore` of row objects,
// one object per row made up front (the design), where `GtkStringList` keeps strings and makes an
// object only for a row asked for. So the benchmark also times what that store alone costs: the 1M
// strings as `GtkStringObject`s made one by one and put in a `GListStore` with one splice, shown in
// the same list view — no generator, no manager. What our load takes beyond it is the library's; what
// it takes beyond GTK's is the price of a store of objects.

import CGtkDataDisplay
import Foundation

extension GtkPipeline {
    /// Times the floor's load `runs` times and prints it beside both contenders' loads (`ours`,
    /// `gtk`: the sort task's runs, whose first step is the load).
    static func reportFloor(_ strings: [String], ours: [Run], gtk: [Run], runs: Int) {
        let cStrings = CStrings(strings)
        defer { cStrings.free() }
        var floor: [Double] = []
        for _ in 0..<runs {
            let run = inWindow { host, frames, run in
                let (store, view) = floorList(cStrings, host, frames, &run)
                run.shown.append(shownStrings(gdd_list_model(UnsafeMutableRawPointer(store))!))
                host.show(nil)
                g_object_unref(UnsafeMutableRawPointer(view))
            }
            guard run.shown.first == gtk.first?.shown.first else {
                print("MISMATCH: the floor's store holds other strings than GTK's list")
                return
            }
            floor.append(run.ms[0])
        }
        let f = median(floor)!, o = median(ours.map { $0.ms[0] })!, g = median(gtk.map { $0.ms[0] })!
        print("GTK PIPELINE, FLOOR — the same strings as GtkStringObjects in one GListStore (one splice), the same list "
              + String(format: "view, load to the painted frame: %.1f ms (median of %d); ours %.1f (×%.2f of the floor), ",
                       f, runs, o, o / f)
              + String(format: "GTK %.1f (×%.2f of the floor)", g, g / f))
    }

    /// The floor's list of `strings` shown in `host`, its load timed into `run`; the store (the
    /// view's) and the view (a reference of its own).
    static func floorList(_ strings: CStrings, _ host: WindowHost, _ frames: PaintedFrames,
                          _ run: inout Run) -> (store: OpaquePointer, view: UnsafeMutablePointer<GtkWidget>) {
        let t0 = Clock.now()
        let store = strings.stringObjectStore()
        let view = listView(over: gdd_list_model(UnsafeMutableRawPointer(store))!)
        host.show(view)
        run.ms.append(Clock.ms(t0, frames.waitForPaint()))
        return (store, view)
    }
}
