using System;
using System.IO;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>Locations of the reference data copied next to the test assembly (see TestCommon.targets).</summary>
internal static class FixturePaths
{
    public static string Root => Path.Combine(AppContext.BaseDirectory, "Fixtures");

    public static string JavaCases => Path.Combine(Root, "java", "cases");

    public static string JavaDecode => Path.Combine(Root, "java", "decode");

    public static string JavaLogs => Path.Combine(Root, "java", "logs");

    public static string JavaPacked => Path.Combine(Root, "java", "packed");

    public static string JavaRealLogs => Path.Combine(Root, "java", "real-logs");

    public static string Workloads => Path.Combine(Root, "workloads");

    /// <summary>Reads a fixture text file exactly (no newline translation).</summary>
    public static string ReadText(string path) => File.ReadAllText(path, new System.Text.UTF8Encoding(false));
}
