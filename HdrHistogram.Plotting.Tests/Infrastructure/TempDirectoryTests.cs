using System;
using System.IO;

namespace HdrHistogram.Plotting.Tests.Infrastructure;

/// <summary>
/// The base of a test class whose tests write files (the plotting tests and the tool's plot and timeline tests):
/// xUnit creates the class once per test, so each test gets its own empty temporary directory, deleted with all it
/// holds when the test ends.
/// </summary>
public abstract class TempDirectoryTests : IDisposable
{
    /// <summary>Creates the test's directory, named after the test class so that one left behind says whose it was.</summary>
    protected TempDirectoryTests()
    {
        TempDirectory = Directory.CreateTempSubdirectory("hdr-" + GetType().Name + "-").FullName;
    }

    /// <summary>The test's temporary directory: empty when the test starts.</summary>
    protected string TempDirectory { get; }

    /// <summary>The path of <paramref name="name"/> in <see cref="TempDirectory"/> (nothing is created).</summary>
    /// <param name="name">A file name.</param>
    /// <returns>The full path.</returns>
    protected string TempFile(string name) => Path.Combine(TempDirectory, name);

    /// <summary>Writes <paramref name="text"/> (UTF-8) to the file <paramref name="name"/> in <see cref="TempDirectory"/>.</summary>
    /// <param name="name">A file name.</param>
    /// <param name="text">The file's text.</param>
    /// <returns>The file's full path.</returns>
    protected string WriteFile(string name, string text)
    {
        string path = TempFile(name);
        File.WriteAllText(path, text);
        return path;
    }

    /// <summary>Deletes <see cref="TempDirectory"/> and everything in it.</summary>
    public void Dispose()
    {
        Directory.Delete(TempDirectory, recursive: true);
        GC.SuppressFinalize(this);
    }
}
