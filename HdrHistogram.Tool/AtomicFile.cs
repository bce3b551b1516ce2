using System;
using System.Collections.Generic;
using System.IO;

namespace HdrHistogram.Tool;

/// <summary>
/// Output files written to a temporary file in the same folder and renamed over the target on success, so that a
/// failure (a bad input, Ctrl+C) leaves no partial output and the previous file, if any, untouched.
/// </summary>
internal sealed class AtomicFile : IDisposable
{
    private readonly List<(string Temporary, string Target)> _files = new();
    private bool _committed;

    /// <summary>Checks that <paramref name="path"/> can be written: not a directory, in a folder that exists.</summary>
    public static void CheckWritable(string path)
    {
        string full = Path.GetFullPath(path);
        if (Directory.Exists(full))
        {
            throw new ToolException("cannot write '" + path + "': it is a directory");
        }

        string folder = Path.GetDirectoryName(full) ?? ".";
        if (!Directory.Exists(folder))
        {
            throw new ToolException("cannot write '" + path + "': the folder '" + folder + "' does not exist");
        }
    }

    /// <summary>Writes <paramref name="path"/> with <paramref name="write"/>, atomically.</summary>
    public static void Write(string path, Action<Stream> write)
    {
        using var file = new AtomicFile();
        using (var stream = new FileStream(file.Add(path), FileMode.CreateNew, FileAccess.Write, FileShare.None, 64 * 1024))
        {
            write(stream);
        }

        file.Commit();
    }

    /// <summary>Registers <paramref name="path"/> as an output; returns the temporary path to write it to.</summary>
    public string Add(string path)
    {
        CheckWritable(path);
        string full = Path.GetFullPath(path);
        string temporary = Path.Combine(Path.GetDirectoryName(full) ?? ".", "." + Path.GetFileName(full) + "." + Guid.NewGuid().ToString("N").Substring(0, 12) + ".tmp");
        _files.Add((temporary, full));
        return temporary;
    }

    /// <summary>Registers an output written under a temporary name chosen by the writer (e.g. <c>TEMP.hgrm</c> for <c>OUT.hgrm</c>).</summary>
    public void Add(string temporary, string path)
    {
        CheckWritable(path);
        _files.Add((temporary, Path.GetFullPath(path)));
    }

    /// <summary>Renames every temporary file over its target.</summary>
    public void Commit()
    {
        foreach (var (temporary, target) in _files)
        {
            File.Move(temporary, target, overwrite: true);
        }

        _committed = true;
    }

    /// <summary>Deletes the temporary files left when <see cref="Commit"/> was not reached.</summary>
    public void Dispose()
    {
        if (_committed)
        {
            return;
        }

        foreach (var (temporary, _) in _files)
        {
            try
            {
                File.Delete(temporary);
            }
            catch (IOException)
            {
                // Best effort: the failure being reported matters more.
            }
            catch (UnauthorizedAccessException)
            {
            }
        }
    }
}
