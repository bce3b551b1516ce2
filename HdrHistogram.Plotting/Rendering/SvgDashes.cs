using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text.RegularExpressions;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>
/// Dashed lines in an SVG as dashes, not as shapes. Skia's SVG canvas writes a dashed line as one filled polygon per
/// dash (hundreds of bytes per data point: megabytes for a timeline); a line is drawn solid instead, its colour's
/// alpha marking its dash pattern (255 - 1 for the first pattern, 255 - 2 for the second, ...), and
/// <see cref="Apply"/> turns the marked paths back into opaque ones with that <c>stroke-dasharray</c>.
/// </summary>
internal sealed partial class SvgDashes
{
    /// <summary>Patterns get alphas from 254 down to this, which no other line of a plot uses (grid lines are far fainter).</summary>
    private const int LowestMark = 200;

    private readonly List<float[]> _patterns = new();

    /// <summary>The alpha that marks <paramref name="intervals"/> (dash and gap lengths in pixels).</summary>
    public byte Mark(float[] intervals)
    {
        int index = _patterns.FindIndex(p => p.SequenceEqual(intervals));
        if (index < 0)
        {
            _patterns.Add(intervals);
            index = _patterns.Count - 1;
        }

        return (byte)(254 - (index % (255 - LowestMark)));
    }

    /// <summary>The SVG with every marked path opaque and dashed.</summary>
    public string Apply(string svg)
    {
        if (_patterns.Count == 0)
        {
            return svg;
        }

        return MarkedStroke().Replace(svg, m =>
        {
            int alpha = (int)System.Math.Round(double.Parse(m.Groups["opacity"].Value, CultureInfo.InvariantCulture) * 255);
            int index = 254 - alpha;
            if (index < 0 || index >= _patterns.Count)
            {
                return m.Value;
            }

            return "stroke-dasharray=\"" + string.Join(" ", _patterns[index].Select(v => v.ToString("0.###", CultureInfo.InvariantCulture))) + "\"";
        });
    }

    [GeneratedRegex("stroke-opacity=\"(?<opacity>[0-9.]+)\"")]
    private static partial Regex MarkedStroke();
}
