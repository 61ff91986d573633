import Foundation
import TypeaheadCLI

exit(TypeaheadCommand().run(Array(CommandLine.arguments.dropFirst())))
