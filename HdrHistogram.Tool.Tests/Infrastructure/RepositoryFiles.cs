using System;
using System.IO;

namespace HdrHistogram.Tool.Tests.Infrastructure;

/// <summary>
/// Files of the repository that the tool's tests read, copied next to the test assembly by the project file: the
/// documentation's sample log and the pictures the documentation shows.
/// </summary>
internal static class RepositoryFiles
{
    /// <summary>samples/latency.hlog, the log the documentation's commands read.</summary>
    public static string SampleLog => Path.Combine(AppContext.BaseDirectory, "Fixtures", "samples", "latency.hlog");

    /// <summary>docs/images/<paramref name="name"/>, a picture that eng/plots.sh drew for the documentation.</summary>
    public static string DocsImage(string name) => Path.Combine(AppContext.BaseDirectory, "Fixtures", "docs-images", name);
}
