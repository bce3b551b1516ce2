using System;
using System.Diagnostics;
using System.Globalization;
using System.Threading;

namespace HdrHistogram.Tool;

/// <summary>
/// Prints a progress line on standard error for work that takes more than a second (<see cref="ToolConsole.ProgressAfter"/>):
/// rewritten in place on a terminal, else one line per second at most.
/// </summary>
internal sealed class ProgressReporter
{
    private readonly ToolConsole _console;
    private readonly string _what;
    private readonly long _totalBytes;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private long _lastPrinted = -1;
    private readonly CancellationToken _cancellation;
    private bool _printed;

    /// <param name="console">Where to print.</param>
    /// <param name="what">What is being done, e.g. "hdr process: big.hlog".</param>
    /// <param name="totalBytes">The input's size when known (a file), else 0.</param>
    /// <param name="cancellation">Cancelled by Ctrl+C: checked at every report, so the long loops that report stop.</param>
    public ProgressReporter(ToolConsole console, string what, long totalBytes, CancellationToken cancellation = default)
    {
        _cancellation = cancellation;
        _console = console;
        _what = what;
        _totalBytes = totalBytes;
    }

    /// <summary>Prints a progress line if the work has run long enough and none was printed in the last second.</summary>
    /// <param name="intervals">Intervals read so far.</param>
    /// <param name="bytes">Input bytes read so far.</param>
    /// <param name="final">The work is done: print only to complete lines already printed.</param>
    public void Report(long intervals, long bytes, bool final = false)
    {
        _cancellation.ThrowIfCancellationRequested();
        if (_console.ProgressAfter is not { } after)
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
        string percent = _totalBytes > 0 ? " (" + Math.Min(100, bytes * 100 / _totalBytes).ToString(CultureInfo.InvariantCulture) + "%)" : string.Empty;
        string line = _what + ": " + intervals.ToString("N0", CultureInfo.InvariantCulture) + " intervals read" + percent
            + ", " + (elapsed / 1000).ToString(CultureInfo.InvariantCulture) + " s";
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
}
