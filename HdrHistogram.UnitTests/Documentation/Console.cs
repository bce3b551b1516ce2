using System.IO;
using System.Threading;

namespace HdrHistogram.UnitTests.Documentation;

/// <summary>
/// Stands in for <see cref="System.Console"/> in the documentation samples of this folder: a sample's
/// <c>Console.WriteLine</c> and <c>Console.Out</c> bind to this type (it is in the samples' own namespace), so a test
/// reads what its sample printed without touching the process-wide console other tests may use.
/// </summary>
internal static class Console
{
    private static readonly AsyncLocal<StringWriter?> Captured = new();

    /// <summary>Where the samples of the current test write.</summary>
    public static TextWriter Out => Captured.Value ??= new StringWriter { NewLine = "\n" };

    /// <summary>Writes a line to <see cref="Out"/>.</summary>
    public static void WriteLine(string? value) => Out.WriteLine(value);

    /// <summary>What the current test's samples have printed so far, then starts afresh.</summary>
    public static string TakeOutput()
    {
        string text = Out.ToString()!;
        Captured.Value = null;
        return text;
    }
}
