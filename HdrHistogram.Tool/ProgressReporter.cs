using System;
using System.Diagnostics;
using System.Globalization;
using System.Threading;

namespace HdrHistogram.Tool;

/// <summary>
/// Prints a progress line on standard error, on a terminal or when asked (<c>--progress</c>), for work that takes more
/// than a second (<see cref="ToolConsole.ProgressAfter"/>): what is known, the intervals read so far and the bytes read
/// of the file's length (never a percentage guessed from buffered reads), rewritten in place on a terminal, else one
/// line per second at most. Every report also checks for Ctrl+C, so the loops that report can be interrupted.
/// </summary>
internal sealed class ProgressReporter
{
    private readonly ToolConsole _console;
    private readonly string _what;
    private readonly long _totalBytes;
    private readonly bool _enabled;
    private readonly CancellationToken _cancellation;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private long _lastPrinted = -1;
    private bool _printed;

    /// <param name="console">Where to print.</param>
    /// <param name="what">What is being done, e.g. "hdr process: big.hlog".</param>
    /// <param name="totalBytes">The input's size when known (a file), else 0.</param>
    /// <param name="requested">Whether <c>--progress</c> was given (progress is printed on a terminal anyway).</param>
    /// <param name="cancellation">Cancelled by Ctrl+C.</param>
    public ProgressReporter(ToolConsole console, string what, long totalBytes, bool requested, CancellationToken cancellation)
    {
        _console = console;
        _what = what;
        _totalBytes = totalBytes;
        _enabled = requested || console.ErrorIsTerminal;
        _cancellation = cancellation;
    }

    /// <summary>Prints a progress line if the work has run long enough and none was printed in the last second.</summary>
    /// <param name="intervals">Intervals read so far.</param>
    /// <param name="bytes">Input bytes read so far.</param>
    /// <param name="final">The work is done: print only to complete lines already printed.</param>
    /// <exception cref="OperationCanceledException">Ctrl+C was pressed.</exception>
    public void Report(long intervals, long bytes, bool final = false)
    {
        _cancellation.ThrowIfCancellationRequested();
        if (!_enabled || _console.ProgressAfter is not { } after)
        {
            return;
        }

        long elapsed = _clock.ElapsedMilliseconds;
        bool due = final
            ? _printed
            : elapsed >= after.TotalMilliseconds && (_lastPrinted < 0 || elapsed - _lastPrinted >= 1000);
        if (!due)
        {
            return;
        }

        _lastPrinted = elapsed;
        _printed = true;
        string read = bytes <= 0
            ? string.Empty
            : ", " + (_totalBytes > 0 ? Size(bytes) + " of " + Size(_totalBytes) : Size(bytes)) + " read";
        string line = _what + ": " + intervals.ToString("N0", CultureInfo.InvariantCulture) + (intervals == 1 ? " interval" : " intervals")
            + read + ", " + (elapsed / 1000).ToString(CultureInfo.InvariantCulture) + " s" + (final ? ", done" : string.Empty);
        if (_console.ErrorIsTerminal)
        {
            _console.Error.Write("\r" + line + "   ");
        }
        else
        {
            _console.Error.WriteLine(line);
        }

        _console.Error.Flush();
    }

    /// <summary>Ends the progress line (on a terminal) if one was printed.</summary>
    public void Done()
    {
        if (_printed && _console.ErrorIsTerminal)
        {
            _console.Error.WriteLine();
        }
    }

    /// <summary>A byte count as people read it: bytes, KB, MB or GB (powers of 1024), one decimal.</summary>
    internal static string Size(long bytes) => bytes switch
    {
        < 1024 => bytes.ToString(CultureInfo.InvariantCulture) + " bytes",
        < 1024 * 1024 => (bytes / 1024.0).ToString("F1", CultureInfo.InvariantCulture) + " KB",
        < 1024L * 1024 * 1024 => (bytes / (1024.0 * 1024)).ToString("F1", CultureInfo.InvariantCulture) + " MB",
        _ => (bytes / (1024.0 * 1024 * 1024)).ToString("F1", CultureInfo.InvariantCulture) + " GB",
    };
}
