using System;
using System.IO;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>The image formats plots are saved in.</summary>
public enum ImageFormat
{
    /// <summary>Scalable vector graphics: text stays text, small, sharp at any size.</summary>
    Svg,

    /// <summary>A PNG bitmap.</summary>
    Png,
}

/// <summary>Telling the image format from a file name.</summary>
public static class ImageFormats
{
    /// <summary>The format the extension of <paramref name="path"/> names (.svg or .png, any case); null for any other.</summary>
    public static ImageFormat? FromPath(string path) => Path.GetExtension(path).ToLowerInvariant() switch
    {
        ".svg" => ImageFormat.Svg,
        ".png" => ImageFormat.Png,
        _ => null,
    };

    /// <summary>Whether <paramref name="path"/> ends in .html or .htm (any case).</summary>
    public static bool IsHtml(string path)
        => Path.GetExtension(path).Equals(".html", StringComparison.OrdinalIgnoreCase) || Path.GetExtension(path).Equals(".htm", StringComparison.OrdinalIgnoreCase);
}
