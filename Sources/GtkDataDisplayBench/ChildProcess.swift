// A worker child: this executable re-run with worker arguments, its stdout on a pipe the parent
// reads line by line with deadlines, its resident memory watched through /proc.

import Glibc

final class ChildProcess {
    enum Event {
        case line(String)
        case timeout
        case memory(Int)
        case exited(Int32)
    }

    let pid: pid_t
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var eof = false
    /// The largest resident size seen while polling.
    private(set) var peakRSS = 0

    /// Starts `/proc/self/exe arguments…`; stderr is shared with the parent.
    init?(arguments: [String]) {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        let executable = "/proc/self/exe"
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        let status = argv.withUnsafeBufferPointer { args in
            posix_spawn(&child, executable, &actions, nil, args.baseAddress!, environ)
        }
        posix_spawn_file_actions_destroy(&actions)
        close(pipeFDs[1])
        guard status == 0 else { close(pipeFDs[0]); return nil }
        pid = child
        fd = pipeFDs[0]
    }

    /// The next line, or why there is none: the deadline (monotonic ns) passed, the child's RSS
    /// passed `memoryBound`, or it exited (after its last line was read); nil if nothing happened
    /// within `waitMilliseconds`.
    func next(deadline: UInt64, memoryBound: Int, waitMilliseconds: Int32 = 20) -> Event? {
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: buffer[..<newline], as: UTF8.self)
            buffer.removeSubrange(...newline)
            return .line(line)
        }
        if eof { return .exited(waitForExit()) }
        if Clock.now() > deadline { return .timeout }
        if let rss = ProcessMemory.read(String(pid))?.rss {
            peakRSS = max(peakRSS, rss)
            if rss > memoryBound { return .memory(rss) }
        }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, waitMilliseconds) > 0 {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65_536) }
            if n > 0 { buffer.append(contentsOf: chunk[0..<n]) } else { eof = true }
        }
        return nil
    }

    /// Kills the child (SIGKILL) and reaps it.
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
        _ = waitForExit()
    }

    private var reaped: Int32?

    private func waitForExit() -> Int32 {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(fd)
        reaped = status
        return status
    }
}
