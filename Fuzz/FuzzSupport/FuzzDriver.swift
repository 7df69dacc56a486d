// The entry point of every fuzz target. SwiftPM links an executable's `main` as an alias of
// `<Module>_main`, so libFuzzer's own `main` is never pulled in: each target's `@main` calls
// libFuzzer's driver with the command line and its test function instead.
import Foundation

public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ test: FuzzTest) -> CInt

public enum FuzzDriver {
    /// Runs libFuzzer over `test` with this process's arguments; returns its exit status.
    public static func run(_ test: FuzzTest) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    }
}
