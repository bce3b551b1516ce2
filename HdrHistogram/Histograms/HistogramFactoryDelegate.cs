using System.Diagnostics.CodeAnalysis;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// Creates a histogram: how a <see cref="Recorder"/> or <see cref="SingleWriterRecorder"/> makes its interval
/// histograms (source-compatible with upstream HdrHistogram.NET). Each call must return a new histogram.
/// </summary>
/// <param name="instanceId">The instance id to give the histogram (the recorder's own id).</param>
/// <param name="lowestDiscernibleValue">The lowest value that can be discerned from 0; at least 1.</param>
/// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
/// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
/// <returns>A new, empty histogram.</returns>
[SuppressMessage("Naming", "CA1711:Identifiers should not have incorrect suffix", Justification = "Upstream HdrHistogram.NET's public name, kept for source compatibility.")]
public delegate HistogramBase HistogramFactoryDelegate(
    long instanceId, long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits);
