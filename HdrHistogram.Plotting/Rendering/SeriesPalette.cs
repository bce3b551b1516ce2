using System;
using System.Globalization;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>
/// One colour per series: the ten Category10 colours, then twelve more of clearly different hue and lightness, then hues
/// a golden angle apart, so every series of a plot has its own colour however many there are.
/// </summary>
public static class SeriesPalette
{
    private static readonly string[] Fixed =
    {
        "#1F77B4", "#FF7F0E", "#2CA02C", "#D62728", "#9467BD", "#8C564B", "#E377C2", "#7F7F7F", "#BCBD22", "#17BECF",
        "#000080", "#808000", "#00A0A0", "#800000", "#FF00FF", "#008000", "#A0522D", "#4169E1", "#FFB000", "#6B8E23",
        "#C71585", "#2F4F4F",
    };

    /// <summary>The colour of series <paramref name="index"/> (from 0) as "#RRGGBB".</summary>
    public static string Hex(int index)
    {
        if (index < Fixed.Length)
        {
            return Fixed[index];
        }

        double hue = ((index - Fixed.Length) * 137.508) % 360;
        double lightness = index % 2 == 0 ? 0.38 : 0.52;
        return FromHsl(hue, 0.75, lightness);
    }

    private static string FromHsl(double h, double s, double l)
    {
        double c = (1 - Math.Abs((2 * l) - 1)) * s;
        double x = c * (1 - Math.Abs(((h / 60) % 2) - 1));
        double m = l - (c / 2);
        (double r, double g, double b) = (h / 60) switch
        {
            < 1 => (c, x, 0.0),
            < 2 => (x, c, 0.0),
            < 3 => (0.0, c, x),
            < 4 => (0.0, x, c),
            < 5 => (x, 0.0, c),
            _ => (c, 0.0, x),
        };
        static int Byte(double v) => (int)Math.Round(Math.Clamp(v, 0, 1) * 255);
        return "#" + Byte(r + m).ToString("X2", CultureInfo.InvariantCulture) + Byte(g + m).ToString("X2", CultureInfo.InvariantCulture) + Byte(b + m).ToString("X2", CultureInfo.InvariantCulture);
    }
}
