/// A parsed pattern as a program of the Thompson NFA `LinearRegex` runs.
struct LinearRegexCompiler {
    var program: [LinearRegex.Instruction] = []

    mutating func emit(_ node: LinearRegexNode) throws(LinearRegex.SyntaxError) {
        guard program.count <= LinearRegex.maximumProgram else {
            throw LinearRegex.SyntaxError(message: "pattern too large once its repeats are expanded", offset: 0)
        }
        switch node {
        case .atom(let atom): program.append(.match(atom))
        case .assertion(let assertion): program.append(.assert(assertion))
        case .sequence(let items): for item in items { try emit(item) }
        case .alternation(let branches):
            // split L1, next; L1: branch; jump end; next: split L2, … ; last branch
            var jumps: [Int] = []
            for (n, branch) in branches.enumerated() {
                if n < branches.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, -1))
                    try emit(branch)
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let inner, let min, let max):
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy: split into it or past all that follow.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, -1))
                    try emit(inner)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                // L: split body, end; body; jump L
                let loop = program.count
                program.append(.split(loop + 1, -1))
                try emit(inner)
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }
}
