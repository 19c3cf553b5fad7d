// gtk-data-display-bench: contenders on the same seeded inputs, in one run; see `--help`.
// The parent re-runs this executable as workers (hidden flags) so that a contender past its time
// or memory bound can be stopped and reported as DNF, and memory is measured in fresh processes.

import Glibc

signal(SIGPIPE, SIG_IGN)

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed): options = parsed
case .failure(let error):
    writeStandardError("gtk-data-display-bench: \(error.message)\n\n\(Options.usage)\n")
    exit(2)
}

switch options.mode {
case .help:
    print(Options.usage)
case .timingWorker(let size, let contender, let mixes):
    TimingWorker.run(size: size, contender: contender, mixes: mixes, settings: options.settings)
    Wire.send("END")
case .managerWorker(let size, let mixes, let idKind):
    ManagerWorker.run(size: size, mixes: mixes, idKind: idKind, settings: options.settings)
    Wire.send("END")
case .bindsWorker(let size, let contender, let mixes):
    BindsWorker.run(size: size, contender: contender, mixes: mixes, settings: options.settings)
    Wire.send("END")
case .fillWorker(let size):
    FillWorker.run(size: size, settings: options.settings, addPath: !options.setStateOnly)
    Wire.send("END")
case .rawFillWorker(let size):
    FillWorker.runRawAlone(size: size)
    Wire.send("END")
case .memoryWorker(let size):
    MemoryWorker.run(size: size, settings: options.settings)
    Wire.send("END")
case .viewsWorker(let size, let mixes):
    ViewsWorker.run(size: size, mixes: mixes, settings: options.settings)
    Wire.send("END")
case .interactiveWorker(let size):
    InteractiveWorker.run(size: size, settings: options.settings)
    Wire.send("END")
case .singleOpsWorker(let size):
    SingleOpsWorker.run(size: size, settings: options.settings)
    Wire.send("END")
case .selectionWorker(let size):
    SelectionWorker.run(size: size, settings: options.settings)
    Wire.send("END")
case .engineOnly(let runs):
    EngineOnly.run(sizes: options.sizes, mixes: options.mixes, settings: options.settings, runs: runs)
case .updatesOnly(let runs, let idKind, let sections):
    UpdatesOnly.run(sizes: options.sizes, mixes: options.mixes, settings: options.settings, runs: runs, idKind: idKind,
                    sections: sections)
case .treeOnly(let runs):
    for size in options.sizes { TreeSearch.run(size: size, settings: options.settings, runs: runs) }
case .tableOnly(let runs):
    for size in options.sizes { TableSort.run(size: size, settings: options.settings, runs: runs) }
case .pipelineOnly(let runs):
    GtkPipeline.run(settings: options.settings, runs: runs)
case .stallsOnly(let runs):
    GtkPipeline.runStalls(seed: options.settings.seed, runs: runs)
case .pipelineMemoryWorker(let size, let side):
    GtkPipeline.measureMemory(size: size, side: side, settings: options.settings)
case .auditOnly(let runs):
    AuditOnly.run(sizes: options.sizes, settings: options.settings, runs: runs)
case .parent:
    let orchestrator = Orchestrator(options: options)
    orchestrator.runAll()
    let report = Report(table: orchestrator.table, options: options, hasDisplay: orchestrator.hasDisplay, notes: orchestrator.notes)
    print(report.render(), terminator: "")
    if let path = options.jsonPath {
        do {
            try JSONReport.write(orchestrator.table, options: options, to: path)
            progress("wrote \(path)")
        } catch {
            writeStandardError("gtk-data-display-bench: cannot write \(path): \(error)\n")
            exit(1)
        }
    }
    exit(report.correctnessProblems().isEmpty ? 0 : 1)
}
