// The floor under the library's first display: the library keeps one `GListStore` of row objects,
// one object per row made up front (the design), where `GtkStringList` keeps strings and makes an
// object only for a row asked for. So the benchmark also times what that store alone costs: the 1M
// strings as `GtkStringObject`s made one by one and put in a `GListStore` with one splice, shown in
// the same list view — no generator, no manager. What our load takes beyond it is the library's; what
// it takes beyond GTK's is the price of a store of objects. Beside it, the same objects behind a list
// model that keeps them in an array (`ArrayListModel`): what a store of the library's own would save.

import CGtkDataDisplay
import Foundation

extension GtkPipeline {
    /// Times the floor's load `runs` times and prints it beside both contenders' loads (`ours`,
    /// `gtk`: the sort task's runs, whose first step is the load).
    static func reportFloor(_ strings: [String], ours: [Run], gtk: [Run], runs: Int) {
        let cStrings = CStrings(strings)
        defer { cStrings.free() }
        var floor: [Double] = [], arrayFloor: [Double] = []
        for _ in 0..<runs {
            for arrayModel in [false, true] {
                let run = inWindow { host, frames, run in
                    let (store, view) = floorList(cStrings, host, frames, &run, arrayModel: arrayModel)
                    run.shown.append(shownStrings(gdd_list_model(UnsafeMutableRawPointer(store))!))
                    host.show(nil)
                    g_object_unref(UnsafeMutableRawPointer(view))
                }
                guard run.shown.first == gtk.first?.shown.first else {
                    print("MISMATCH: the floor's model holds other strings than GTK's list")
                    return
                }
                if arrayModel { arrayFloor.append(run.ms[0]) } else { floor.append(run.ms[0]) }
            }
        }
        let f = median(floor)!, a = median(arrayFloor)!, o = median(ours.map { $0.ms[0] })!, g = median(gtk.map { $0.ms[0] })!
        print("GTK PIPELINE, FLOOR — the same strings as GtkStringObjects in one GListStore (one splice), the same list "
              + String(format: "view, load to the painted frame: %.1f ms (median of %d); ours %.1f (×%.2f of the floor), ",
                       f, runs, o, o / f)
              + String(format: "GTK %.1f (×%.2f of the floor); the same objects behind an array list model: %.1f ms", g, g / f, a))
    }

    /// The floor's list of `strings` shown in `host` (in a `GListStore`, or with `arrayModel` in an
    /// `ArrayListModel`), its load timed into `run`; the model (the view's) and the view (a reference
    /// of its own).
    static func floorList(_ strings: CStrings, _ host: WindowHost, _ frames: PaintedFrames, _ run: inout Run,
                          arrayModel: Bool = false) -> (store: OpaquePointer, view: UnsafeMutablePointer<GtkWidget>) {
        let t0 = Clock.now()
        let store = arrayModel ? ArrayListModel.make(holding: strings.stringObjects()) : strings.stringObjectStore()
        let view = listView(over: gdd_list_model(UnsafeMutableRawPointer(store))!)
        host.show(view)
        run.ms.append(Clock.ms(t0, frames.waitForPaint()))
        return (store, view)
    }
}
