using System.Collections.Generic;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// A reader of the integer histograms of a histogram log (HdrHistogram 2.5.0's interface, at its 2.5.0 full name);
/// <see cref="HistogramLogReader"/> implements it.
/// </summary>
public interface IHistogramLogV1Reader
{
    /// <summary>Reads every interval histogram of the log, lazily, in log order.</summary>
    /// <returns>The interval histograms.</returns>
    IEnumerable<HistogramBase> ReadHistograms();
}
