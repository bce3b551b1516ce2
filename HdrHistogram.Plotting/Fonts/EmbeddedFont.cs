using System;
using System.IO;
using System.Threading;
using ScottPlot;
using SkiaSharp;

namespace HdrHistogram.Plotting.Fonts;

/// <summary>
/// DejaVu Sans, embedded in this assembly (Bitstream Vera licence, see Fonts/DejaVuSans-LICENSE.txt): every plot draws
/// its text with it, so a PNG looks the same on every machine whatever fonts are installed (ScottPlot otherwise falls
/// back to whatever the system has, often a serif font).
/// </summary>
internal static class EmbeddedFont
{
    /// <summary>The font family name plots ask for.</summary>
    public const string Family = "DejaVu Sans";

    /// <summary>What SVG viewers that lack DejaVu Sans should use instead (SVG text names a family, it does not embed it).</summary>
    public const string SvgFamily = "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', sans-serif";

    private static readonly Lazy<SKTypeface> Face = new(Load, LazyThreadSafetyMode.ExecutionAndPublication);

    // Registered once, before any caller goes on: plots may be drawn on two threads at once (the report's two).
    private static readonly Lazy<bool> Registration = new(
        () =>
        {
            ScottPlot.Fonts.FontResolvers.Insert(0, new Resolver());
            return true;
        },
        LazyThreadSafetyMode.ExecutionAndPublication);

    /// <summary>The embedded face, loaded once.</summary>
    public static SKTypeface Typeface => Face.Value;

    /// <summary>Makes ScottPlot resolve <see cref="Family"/> to the embedded font; idempotent.</summary>
    public static void Register() => _ = Registration.Value;

    private static SKTypeface Load()
    {
        using Stream stream = typeof(EmbeddedFont).Assembly.GetManifestResourceStream("HdrHistogram.Plotting.DejaVuSans.ttf")
            ?? throw new InvalidOperationException("The embedded DejaVu Sans font is missing from HdrHistogram.Plotting.");
        return SKTypeface.FromStream(stream)
            ?? throw new InvalidOperationException("The embedded DejaVu Sans font cannot be loaded.");
    }

    /// <summary>Answers for <see cref="Family"/> only (every weight and slant: the plots use the regular face).</summary>
    private sealed class Resolver : IFontResolver
    {
        public SKTypeface? CreateTypeface(string fontName, bool bold, bool italic)
            => string.Equals(fontName, Family, StringComparison.OrdinalIgnoreCase) ? Face.Value : null;

        public SKTypeface? CreateTypeface(string fontName, FontWeight weight, FontSlant slant, FontSpacing spacing)
            => string.Equals(fontName, Family, StringComparison.OrdinalIgnoreCase) ? Face.Value : null;
    }
}
