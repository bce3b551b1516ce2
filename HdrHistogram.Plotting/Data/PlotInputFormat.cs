namespace HdrHistogram.Plotting.Data;

/// <summary>What a plot input file holds.</summary>
public enum PlotInputFormat
{
    /// <summary>A histogram log (.hlog): intervals, optionally tagged.</summary>
    Log,

    /// <summary>A Java percentile distribution (.hgrm), as text or CSV.</summary>
    Hgrm,

    /// <summary>Base64 encoded histograms, one per line.</summary>
    Base64,
}
