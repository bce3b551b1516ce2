using HdrHistogram.Text;

namespace HdrHistogram.Plotting.Report;

/// <summary>Numbers as the hdr tool prints them: culture-invariant, Java's <c>%.Nf</c> (the library's own formatter).</summary>
internal static class ValueText
{
    /// <summary><paramref name="value"/> with <paramref name="decimals"/> decimals ("NaN" and infinities as Java prints them).</summary>
    /// <remarks>The same formatter <c>hdr process</c> writes its .hgrm and interval log with, so the report's numbers are its numbers.</remarks>
    public static string Fixed(double value, int decimals)
        => JavaFormat.Format(value, System.Math.Clamp(decimals, 0, JavaFormat.MaxFractionDigits));
}
