using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FluentAssertions;
using Xunit;

namespace HdrHistogram.UnitTests.Documentation;

/// <summary>
/// Every <c>```csharp</c> block of README.md, CONTRIBUTING.md and docs/**/*.md stands, verbatim (indentation and blank
/// lines aside), between a <c>// doc-sample: NAME</c> line and a <c>// end-doc-sample</c> line of a .cs file in one of the
/// repository's test projects, where a test runs it and asserts what it does; so a sample that no longer compiles or
/// no longer does what its text says fails the build or a test. A block's leading <c>using</c> directives need only be
/// among that file's using directives (a method body cannot hold them).
/// </summary>
public class DocSampleTests
{
    private const string StartMarker = "// doc-sample:";
    private const string EndMarker = "// end-doc-sample";

    [Fact]
    public void Every_csharp_block_of_the_documentation_is_a_sample_in_a_test()
    {
        string root = RepositoryRoot();
        var regions = SampleRegions(root).ToList();
        var blocks = DocumentationBlocks(root).ToList();
        blocks.Should().NotBeEmpty("README.md has csharp examples");

        var missing = new List<string>();
        foreach (var block in blocks)
        {
            var (usings, body) = SplitUsings(block.Lines);
            bool found = regions.Any(r => r.Lines.SequenceEqual(body) && usings.All(r.FileUsings.Contains));
            if (!found)
            {
                missing.Add(
                    $"{block.File}, csharp block {block.Index} (line {block.Line}): no test file holds it verbatim between "
                    + $"'{StartMarker} <name>' and '{EndMarker}'"
                    + (usings.Count > 0 ? " with the using directives " + string.Join(" ", usings) : "")
                    + "; closest region: " + Closest(regions, body));
            }
        }

        missing.Should().BeEmpty("every csharp block of the documentation must be compiled and run by a test");
    }

    [Fact]
    public void Sample_regions_are_well_formed_and_uniquely_named()
    {
        var regions = SampleRegions(RepositoryRoot()).ToList();
        regions.Should().NotBeEmpty();
        regions.GroupBy(r => r.Name).Where(g => g.Count() > 1).Select(g => g.Key).Should().BeEmpty("sample names are unique");
        regions.Should().OnlyContain(r => r.Lines.Count > 0, "a sample region holds code");
    }

    [Fact]
    public void The_block_extraction_finds_fenced_csharp_only_and_the_comparison_ignores_indentation_and_blank_lines()
    {
        string markdown = "text ```csharp inline```\n```bash\nls\n```\n\n```csharp\nusing System;\n\n    var x = 1;\n```\n";
        var blocks = ExtractBlocks("t.md", markdown).ToList();
        blocks.Should().ContainSingle();
        blocks[0].Line.Should().Be(6);
        var (usings, body) = SplitUsings(blocks[0].Lines);
        usings.Should().Equal("using System;");
        body.Should().Equal("var x = 1;");
        SplitUsings(new List<string> { "using var d = new System.IO.MemoryStream();" }).Item1.Should().BeEmpty("a using declaration is code");

        string source = "using System;\nclass C\n{\n    void M()\n    {\n        // doc-sample: x\n        var x = 1;\n\n        // end-doc-sample\n    }\n}\n";
        var regions = ExtractRegions("C.cs", source).ToList();
        regions.Should().ContainSingle().Which.Lines.Should().Equal("var x = 1;");
        regions[0].FileUsings.Should().Contain("using System;");
        ExtractRegions("D.cs", "namespace A.B.C;\n// doc-sample: y\nvar y = 2;\n// end-doc-sample\n").Single().FileUsings
            .Should().BeEquivalentTo(new[] { "using A.B.C;", "using A.B;", "using A;" }, "a file's namespace and its parents are in scope");
    }

    internal static string RepositoryRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "HdrHistogram.sln")))
        {
            dir = dir.Parent;
        }

        return dir?.FullName ?? throw new InvalidOperationException("The repository root (HdrHistogram.sln) was not found above " + AppContext.BaseDirectory);
    }

    private static IEnumerable<Block> DocumentationBlocks(string root)
    {
        var files = new List<string> { Path.Combine(root, "README.md"), Path.Combine(root, "CONTRIBUTING.md") };
        string docs = Path.Combine(root, "docs");
        if (Directory.Exists(docs))
        {
            files.AddRange(Directory.EnumerateFiles(docs, "*.md", SearchOption.AllDirectories).OrderBy(f => f, StringComparer.Ordinal));
        }

        return files.Where(File.Exists)
            .SelectMany(f => ExtractBlocks(Path.GetRelativePath(root, f).Replace('\\', '/'), File.ReadAllText(f)));
    }

    private static IEnumerable<Block> ExtractBlocks(string file, string markdown)
    {
        string[] lines = markdown.Replace("\r\n", "\n").Split('\n');
        int index = 0;
        for (int i = 0; i < lines.Length; i++)
        {
            if (lines[i].Trim() != "```csharp")
            {
                continue;
            }

            int start = i;
            var body = new List<string>();
            for (i++; i < lines.Length && lines[i].Trim() != "```"; i++)
            {
                body.Add(lines[i]);
            }

            index++;
            yield return new Block(file, index, start + 1, Normalize(body));
        }
    }

    /// <summary>The sample regions of every .cs file in the test projects (folders holding a *Tests*.csproj).</summary>
    private static IEnumerable<Region> SampleRegions(string root)
        => SourceFolders(root, depth: 3)
            .Where(d => Directory.EnumerateFiles(d, "*Tests*.csproj").Any())
            .SelectMany(d => Directory.EnumerateFiles(d, "*.cs", SearchOption.AllDirectories))
            .Where(f => !Path.GetRelativePath(root, f).Replace('\\', '/').Split('/').Any(IsSkipped))
            .Distinct()
            .SelectMany(f => ExtractRegions(Path.GetRelativePath(root, f).Replace('\\', '/'), File.ReadAllText(f)));

    /// <summary>Folders under <paramref name="dir"/>, <paramref name="depth"/> levels deep, without build output, tools or hidden ones.</summary>
    private static IEnumerable<string> SourceFolders(string dir, int depth)
        => depth == 0
            ? Enumerable.Empty<string>()
            : Directory.EnumerateDirectories(dir)
                .Where(d => !IsSkipped(Path.GetFileName(d)))
                .SelectMany(d => new[] { d }.Concat(SourceFolders(d, depth - 1)));

    private static bool IsSkipped(string folderName) => folderName is "bin" or "obj" || folderName.StartsWith('.');

    private static IEnumerable<Region> ExtractRegions(string file, string source)
    {
        string[] lines = source.Replace("\r\n", "\n").Split('\n');
        var usings = new HashSet<string>(lines.Select(l => l.Trim()).Where(IsUsingDirective), StringComparer.Ordinal);

        // The file's namespace and its parents are in scope as if imported (a using directive for them is unnecessary).
        string? fileNamespace = lines.Select(l => l.Trim())
            .FirstOrDefault(l => l.StartsWith("namespace ", StringComparison.Ordinal))?.Substring("namespace ".Length).TrimEnd(';', ' ', '{');
        for (string? ns = fileNamespace; !string.IsNullOrEmpty(ns); ns = ns.Contains('.') ? ns.Substring(0, ns.LastIndexOf('.')) : null)
        {
            usings.Add("using " + ns + ";");
        }

        for (int i = 0; i < lines.Length; i++)
        {
            string trimmed = lines[i].Trim();
            if (!trimmed.StartsWith(StartMarker, StringComparison.Ordinal))
            {
                continue;
            }

            string name = trimmed.Substring(StartMarker.Length).Trim();
            var body = new List<string>();
            for (i++; i < lines.Length && lines[i].Trim() != EndMarker; i++)
            {
                body.Add(lines[i]);
            }

            yield return new Region(file, name, Normalize(body), usings);
        }
    }

    private static List<string> Normalize(IEnumerable<string> lines)
        => lines.Select(l => l.Trim()).Where(l => l.Length > 0).ToList();

    /// <summary>Splits a block's leading using directives (<c>using A.B;</c>, not using declarations or statements) from its code.</summary>
    private static (List<string> Usings, List<string> Body) SplitUsings(List<string> lines)
    {
        int n = 0;
        while (n < lines.Count && IsUsingDirective(StripComment(lines[n])))
        {
            n++;
        }

        return (lines.Take(n).Select(StripComment).ToList(), lines.Skip(n).ToList());
    }

    private static string StripComment(string line)
    {
        int comment = line.IndexOf("//", StringComparison.Ordinal);
        return (comment >= 0 ? line.Substring(0, comment) : line).Trim();
    }

    private static bool IsUsingDirective(string line)
        => line.StartsWith("using ", StringComparison.Ordinal) && line.EndsWith(';')
           && !line.Contains('(') && !line.Contains('=') && !line.StartsWith("using var ", StringComparison.Ordinal);

    private static string Closest(List<Region> regions, List<string> body)
    {
        var best = regions.OrderByDescending(r => r.Lines.Intersect(body).Count()).FirstOrDefault();
        if (best is null)
        {
            return "none";
        }

        int firstDifference = Enumerable.Range(0, Math.Max(best.Lines.Count, body.Count))
            .FirstOrDefault(i => i >= best.Lines.Count || i >= body.Count || best.Lines[i] != body[i], -1);
        return firstDifference < 0
            ? $"'{best.Name}' in {best.File} has the same code but lacks some of the block's using directives"
            : $"'{best.Name}' in {best.File}, whose code differs at line {firstDifference + 1}: "
              + $"doc '{(firstDifference < body.Count ? body[firstDifference] : "<end>")}' vs test '{(firstDifference < best.Lines.Count ? best.Lines[firstDifference] : "<end>")}'";
    }

    private sealed record Block(string File, int Index, int Line, List<string> Lines);

    private sealed record Region(string File, string Name, List<string> Lines, HashSet<string> FileUsings);
}
