// Entry point: reads the demo's own options, then runs the application, whose activation
// builds the demo window.
//
// Foundation is imported here (not only where files are read) because it links libdispatch,
// whose main-queue hooks GtkDataDisplay's `MainQueueBridge` calls.
import Foundation

let options: DemoOptions
do {
    options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("gtk-data-display-demo: \(error)\n\n\(DemoOptions.usage)\n".utf8))
    exit(2)
}
if options.showHelp {
    print(DemoOptions.usage)
    exit(0)
}

if options.selfTest {
    exit(MainActor.assumeIsolated { DemoSelfTest.run() })
}

let status = MainActor.assumeIsolated {
    DemoApplication(options: options).run()
}
exit(status)
