using System;
using System.IO;
using System.Linq;
using Xunit;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>A test that needs the operating system's Chromium: skipped, with the reason, when there is none.</summary>
public sealed class ChromiumFactAttribute : FactAttribute
{
    public ChromiumFactAttribute()
    {
        if (Chromium.Path is null)
        {
            Skip = "Chromium not found (HDR_CHROMIUM, /usr/lib/chromium/chromium or chromium/chromium-browser/google-chrome on PATH): run eng/install-chromium.sh to run the browser tests";
        }
    }
}

/// <summary>Where the browser is.</summary>
public static class Chromium
{
    /// <summary>The Chromium executable: $HDR_CHROMIUM, Debian's binary, or the first of the usual names on PATH; null when there is none.</summary>
    public static string? Path { get; } = Find();

    private static string? Find()
    {
        string? configured = Environment.GetEnvironmentVariable("HDR_CHROMIUM");
        if (!string.IsNullOrEmpty(configured))
        {
            return File.Exists(configured) ? configured : null;
        }

        // Debian's /usr/bin/chromium is a shell wrapper around this binary.
        if (File.Exists("/usr/lib/chromium/chromium"))
        {
            return "/usr/lib/chromium/chromium";
        }

        string[] dirs = (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(System.IO.Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries);
        return new[] { "chromium", "chromium-browser", "google-chrome", "chrome" }
            .SelectMany(name => dirs.Select(d => System.IO.Path.Combine(d, name)))
            .FirstOrDefault(File.Exists);
    }
}
