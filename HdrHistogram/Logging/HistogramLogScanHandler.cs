namespace HdrHistogram.Logging;

/// <summary>
/// Receives the lines of a histogram log as events from <see cref="HistogramLogScanner.Scan"/> (Java's
/// <c>HistogramLogScanner.EventHandler</c>). Override the events of interest; each returns <c>true</c> to stop the
/// scan after it (as in Java), <c>false</c> to go on. The defaults go on.
/// </summary>
public abstract class HistogramLogScanHandler
{
    /// <summary>A comment line other than a StartTime or BaseTime line.</summary>
    /// <param name="comment">The text after the <c>#</c>.</param>
    /// <param name="lineNumber">The line's number, from 1.</param>
    /// <returns><c>true</c> to stop the scan.</returns>
    public virtual bool OnComment(string comment, int lineNumber) => false;

    /// <summary>A <c>#[StartTime: ...]</c> line.</summary>
    /// <param name="secondsSinceEpoch">The start time.</param>
    /// <param name="lineNumber">The line's number, from 1.</param>
    /// <returns><c>true</c> to stop the scan.</returns>
    public virtual bool OnStartTime(double secondsSinceEpoch, int lineNumber) => false;

    /// <summary>A <c>#[BaseTime: ...]</c> line.</summary>
    /// <param name="secondsSinceEpoch">The base time interval timestamps are relative to.</param>
    /// <param name="lineNumber">The line's number, from 1.</param>
    /// <returns><c>true</c> to stop the scan.</returns>
    public virtual bool OnBaseTime(double secondsSinceEpoch, int lineNumber) => false;

    /// <summary>The legend line (<c>"StartTimestamp","Interval_Length",...</c>), which Java's scanner skips silently.</summary>
    /// <param name="lineNumber">The line's number, from 1.</param>
    /// <returns><c>true</c> to stop the scan.</returns>
    public virtual bool OnLegend(int lineNumber) => false;

    /// <summary>
    /// An interval line. Its histogram is decoded only if this method asks <paramref name="interval"/> for it, and
    /// only while it runs.
    /// </summary>
    /// <param name="interval">The line's columns and timestamps, and its histogram on demand.</param>
    /// <returns><c>true</c> to stop the scan.</returns>
    public virtual bool OnInterval(HistogramLogInterval interval) => false;
}
