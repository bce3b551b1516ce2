using System;
using System.Globalization;
using System.IO;

namespace HdrHistogram.Fuzz;

/// <summary>The command line: how long, which seed, where failing inputs go, where the fixtures are.</summary>
internal sealed class FuzzSettings
{
    public const string Usage =
        "usage: HdrHistogram.Fuzz [--seconds N (45)] [--seed N (from the clock)] [--out DIR (fuzz-failures)]\n" +
        "                         [--fixtures DIR (HdrHistogram.UnitTests/Fixtures)] [--hang-seconds N (10)] [--targets a,b,...]\n" +
        "Runs every target in turn for the given time; exits 1 if any input failed (written to DIR), 2 on usage errors.";

    public double Seconds { get; private set; } = 45;

    public int Seed { get; private set; } = Environment.TickCount & int.MaxValue;

    public string OutputFolder { get; private set; } = "fuzz-failures";

    public string? FixturesFolder { get; private set; }

    public double HangSeconds { get; private set; } = 10;

    public string[]? Targets { get; private set; }

    /// <summary>Parses the arguments; null (after printing why) when they are not valid.</summary>
    public static FuzzSettings? Parse(string[] args, TextWriter error)
    {
        var settings = new FuzzSettings();
        for (int i = 0; i < args.Length; i++)
        {
            string name = args[i];
            if (name is "-h" or "--help")
            {
                error.WriteLine(Usage);
                return null;
            }

            if (i + 1 >= args.Length)
            {
                error.WriteLine("missing value for " + name + "\n" + Usage);
                return null;
            }

            string value = args[++i];
            bool ok = true;
            switch (name)
            {
                case "--seconds":
                    ok = double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out double seconds) && seconds > 0;
                    settings.Seconds = seconds;
                    break;
                case "--seed":
                    ok = int.TryParse(value, NumberStyles.Integer, CultureInfo.InvariantCulture, out int seed);
                    settings.Seed = seed;
                    break;
                case "--out":
                    settings.OutputFolder = value;
                    break;
                case "--fixtures":
                    settings.FixturesFolder = value;
                    break;
                case "--hang-seconds":
                    ok = double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out double hang) && hang > 0;
                    settings.HangSeconds = hang;
                    break;
                case "--targets":
                    settings.Targets = value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
                    break;
                default:
                    error.WriteLine("unknown option " + name + "\n" + Usage);
                    return null;
            }

            if (!ok)
            {
                error.WriteLine("invalid value for " + name + ": " + value + "\n" + Usage);
                return null;
            }
        }

        settings.FixturesFolder ??= FindFixtures();
        if (settings.FixturesFolder is null || !Directory.Exists(Path.Combine(settings.FixturesFolder, "java")))
        {
            error.WriteLine("fixtures folder not found (give --fixtures HdrHistogram.UnitTests/Fixtures)");
            return null;
        }

        return settings;
    }

    // The fixtures of the unit tests, found from the working folder or the program's folder upwards.
    private static string? FindFixtures()
    {
        foreach (string start in new[] { Directory.GetCurrentDirectory(), AppContext.BaseDirectory })
        {
            for (var folder = new DirectoryInfo(start); folder is not null; folder = folder.Parent)
            {
                string candidate = Path.Combine(folder.FullName, "HdrHistogram.UnitTests", "Fixtures");
                if (Directory.Exists(candidate))
                {
                    return candidate;
                }
            }
        }

        return null;
    }
}
