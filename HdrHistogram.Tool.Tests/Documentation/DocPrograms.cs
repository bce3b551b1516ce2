using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Text;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace HdrHistogram.DocTesting;

/// <summary>The documentation's programs set the process's console and current directory: their tests run alone.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class DocProgramsGroup
{
    /// <summary>The name of the test collection that runs a page's programs.</summary>
    public const string Name = "Documentation programs";
}

/// <summary>
/// The documentation's code, as printed. A <c>```csharp</c> fence starts a program (top-level statements, as a new
/// console app's Program.cs holds them); a <c>```csharp continued</c> fence is a fragment that continues the program
/// before it. A <c>```text</c> fence right after a program (prose between them is fine) is what the program prints, and
/// right after a shell fence (<c>```bash</c>, <c>```sh</c>) what that fence's first command prints; a line <c>...</c> in
/// it stands for any number of lines. Shared by the test projects that run the pages: HdrHistogram.Tool.Tests (the
/// library's pages and the tool's, programs and hdr commands), HdrHistogram.Prometheus.Tests and
/// HdrHistogram.BenchmarkDotNet.Tests.
/// </summary>
internal static class DocPrograms
{
    /// <summary>
    /// Every assembly of the test host, as references; made once, so that every compilation reuses their metadata (read
    /// per compilation, it would cost more than compiling).
    /// </summary>
    private static readonly Lazy<IReadOnlyList<MetadataReference>> HostReferences = new(() =>
        ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => p.Length > 0)
            .Distinct(StringComparer.Ordinal)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToList());

    /// <summary>The pages whose code is checked: README.md, the library package's README and every page of docs/.</summary>
    public static IReadOnlyList<string> Pages(string root)
        => new[] { "README.md", "HdrHistogram/README.md" }
            .Concat(Directory.EnumerateFiles(Path.Combine(root, "docs"), "*.md")
                .Select(f => "docs/" + Path.GetFileName(f))
                .OrderBy(f => f, StringComparer.Ordinal))
            .ToList();

    /// <summary>
    /// The test project that compiles and runs each page's programs (every page not named here: HdrHistogram.Tool.Tests,
    /// which has the library and the hdr tool), by the assemblies the programs need.
    /// </summary>
    public static string RunnerOf(string page) => page switch
    {
        "docs/prometheus.md" => "HdrHistogram.Prometheus.Tests",
        "docs/benchmarkdotnet.md" => "HdrHistogram.BenchmarkDotNet.Tests",
        _ => "HdrHistogram.Tool.Tests",
    };

    /// <summary>The repository root: the folder above the test's output that holds HdrHistogram.sln.</summary>
    public static string RepositoryRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "HdrHistogram.sln")))
        {
            dir = dir.Parent;
        }

        return dir?.FullName ?? throw new InvalidOperationException("The repository root (HdrHistogram.sln) was not found above " + AppContext.BaseDirectory);
    }

    /// <summary>The fenced blocks of a Markdown text, in order.</summary>
    public static List<Fence> Fences(string page, string markdown)
    {
        var fences = new List<Fence>();
        string[] lines = markdown.Replace("\r\n", "\n").Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            string open = lines[i].TrimStart();
            if (!open.StartsWith("```", StringComparison.Ordinal))
            {
                continue;
            }

            int indent = lines[i].Length - open.Length;
            string[] info = open.Substring(3).Split(' ', StringSplitOptions.RemoveEmptyEntries);
            int start = i;
            var body = new List<string>();
            for (i++; i < lines.Length && lines[i].Trim() != "```"; i++)
            {
                body.Add(lines[i].Length >= indent && lines[i].Substring(0, indent).Trim().Length == 0 ? lines[i].Substring(indent) : lines[i]);
            }

            fences.Add(new Fence(page, start + 1, info.FirstOrDefault() ?? "", info.Skip(1).ToList(), body));
        }

        return fences;
    }

    /// <summary>
    /// The programs of a page and the commands whose output it prints; throws on a layout the convention does not allow
    /// (a continuation with nothing to continue, a <c>text</c> fence after neither a program nor a command).
    /// </summary>
    public static (List<DocProgram> Programs, List<PrintedCommand> Commands) Parse(string page, string markdown)
    {
        var programs = new List<DocProgram>();
        var commands = new List<PrintedCommand>();
        Fence? previous = null;
        foreach (var fence in Fences(page, markdown))
        {
            if (fence.IsCSharp)
            {
                if (fence.IsContinuation)
                {
                    if (previous is null || !previous.IsCSharp || programs.Count == 0 || programs[^1].Output is not null)
                    {
                        throw new InvalidOperationException(fence + ": a 'csharp continued' fence must follow the csharp fence it continues, before that program's output");
                    }

                    programs[^1].Fences.Add(fence);
                }
                else
                {
                    programs.Add(new DocProgram(page, new List<Fence> { fence }));
                }
            }
            else if (fence.IsOutput)
            {
                if (previous is not null && previous.IsCSharp)
                {
                    programs[^1].Output = fence;
                }
                else if (previous is not null && previous.IsShell)
                {
                    commands.Add(new PrintedCommand(previous, fence));
                }
                else
                {
                    throw new InvalidOperationException(fence + ": a 'text' fence is printed output and must follow the csharp or shell fence that prints it");
                }
            }

            previous = fence;
        }

        return (programs, commands);
    }

    /// <summary>Whether <paramref name="actual"/> is <paramref name="expected"/>, where a line "..." of the expected text stands for any lines.</summary>
    public static bool Matches(IReadOnlyList<string> expected, string actual)
    {
        string[] lines = actual.Replace("\r\n", "\n").TrimEnd('\n').Split('\n');
        var wanted = expected.ToList();
        while (wanted.Count > 0 && wanted[^1].Length == 0)
        {
            wanted.RemoveAt(wanted.Count - 1);
        }

        return Match(0, 0);

        bool Match(int e, int a)
        {
            if (e == wanted.Count)
            {
                return a == lines.Length;
            }

            if (wanted[e].Trim() == "...")
            {
                for (int skip = a; skip <= lines.Length; skip++)
                {
                    if (Match(e + 1, skip))
                    {
                        return true;
                    }
                }

                return false;
            }

            return a < lines.Length && lines[a] == wanted[e] && Match(e + 1, a + 1);
        }
    }

    /// <summary>
    /// Compiles a program as printed (C# top-level statements, nullable on, warnings as errors) against every assembly
    /// the test host has, and returns its entry point; the compiler's errors, with the page's line numbers, otherwise.
    /// </summary>
    public static MethodInfo Compile(DocProgram program, IEnumerable<string>? extraReferences = null)
    {
        var references = extraReferences is null
            ? HostReferences.Value
            : HostReferences.Value.Concat(extraReferences.Select(p => MetadataReference.CreateFromFile(p))).ToList();
        var options = new CSharpCompilationOptions(
            OutputKind.ConsoleApplication,
            nullableContextOptions: NullableContextOptions.Enable,
            optimizationLevel: OptimizationLevel.Release,
            generalDiagnosticOption: ReportDiagnostic.Error,
            specificDiagnosticOptions: new Dictionary<string, ReportDiagnostic>
            {
                ["CS1701"] = ReportDiagnostic.Suppress, // assembly version unification: the SDK suppresses these as well
                ["CS1702"] = ReportDiagnostic.Suppress,
            });
        var tree = CSharpSyntaxTree.ParseText(program.Source, new CSharpParseOptions(LanguageVersion.Latest), path: program.Page);
        var compilation = CSharpCompilation.Create("DocProgram_" + Guid.NewGuid().ToString("N"), new[] { tree }, references, options);
        using var image = new MemoryStream();
        var result = compilation.Emit(image);
        if (!result.Success)
        {
            var errors = result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)
                .Select(d => program.PageLine(d.Location.GetLineSpan().StartLinePosition.Line) + ": " + d.Id + " " + d.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
            throw new InvalidOperationException(program + " does not compile as printed:\n" + string.Join("\n", errors));
        }

        var assembly = new AssemblyLoadContext(program.ToString(), isCollectible: true).LoadFromStream(new MemoryStream(image.ToArray()));
        return assembly.EntryPoint!;
    }

    /// <summary>Runs a compiled program's entry point and returns what it wrote to the console ('\n' line ends).</summary>
    public static string Run(MethodInfo entryPoint, string[]? args = null)
    {
        var output = new StringWriter { NewLine = "\n" };
        var previous = Console.Out;
        Console.SetOut(output);
        try
        {
            object?[] arguments = entryPoint.GetParameters().Length == 0 ? Array.Empty<object?>() : new object?[] { args ?? Array.Empty<string>() };
            object? returned = entryPoint.Invoke(null, arguments);
            if (returned is Task task)
            {
                task.GetAwaiter().GetResult();
            }
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            throw new InvalidOperationException("The program failed; it printed:\n" + output, e.InnerException);
        }
        finally
        {
            Console.SetOut(previous);
        }

        return output.ToString();
    }

    /// <summary>
    /// Checks what a program printed against its page's <c>text</c> fence; a program without one must print nothing
    /// (every example says what it prints).
    /// </summary>
    public static void CheckOutput(DocProgram program, string printed)
    {
        if (KeepOutput(program.Fences[0], printed))
        {
            return;
        }

        if (program.Output is null && printed.Length > 0)
        {
            throw new InvalidOperationException(program + " printed\n" + printed + "\nbut its page has no text fence after it that says so");
        }

        if (program.Output is not null && !Matches(program.Output.Lines, printed))
        {
            throw new InvalidOperationException(program + " printed\n" + printed + "\nwhere " + program.Output + " says\n" + string.Join("\n", program.Output.Lines));
        }
    }

    /// <summary>
    /// With HDR_DOC_OUTPUTS set to a folder, writes what a fence's program or command printed there (PAGE-LINE.txt, for
    /// writing a page's text fences) instead of comparing it, and returns <c>true</c>.
    /// </summary>
    public static bool KeepOutput(Fence fence, string printed)
    {
        string? folder = Environment.GetEnvironmentVariable("HDR_DOC_OUTPUTS");
        if (string.IsNullOrEmpty(folder))
        {
            return false;
        }

        Directory.CreateDirectory(folder);
        File.WriteAllText(System.IO.Path.Combine(folder, fence.Page.Replace('/', '_') + "-" + fence.Line + ".txt"), printed);
        return true;
    }

    /// <summary>
    /// A folder for a page's programs to run in (their relative paths land there) with the repository's samples/ linked
    /// in, made the current directory until disposed. The tests that use it run in a collection of their own.
    /// </summary>
    public sealed class WorkingFolder : IDisposable
    {
        private readonly string _previous = Directory.GetCurrentDirectory();

        public WorkingFolder(string root)
        {
            Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "hdr-docs-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(Path);
            Directory.CreateSymbolicLink(System.IO.Path.Combine(Path, "samples"), System.IO.Path.Combine(root, "samples"));
            Directory.SetCurrentDirectory(Path);
        }

        public string Path { get; }

        public void Dispose()
        {
            Directory.SetCurrentDirectory(_previous);
            File.Delete(System.IO.Path.Combine(Path, "samples"));
            Directory.Delete(Path, recursive: true);
        }
    }
}

/// <summary>A fenced block: its page, the line of its opening fence, its language and further info words, its lines.</summary>
internal sealed record Fence(string Page, int Line, string Language, IReadOnlyList<string> Words, IReadOnlyList<string> Lines)
{
    public bool IsCSharp => Language is "csharp" or "cs" or "c#";

    public bool IsContinuation => Words.Contains("continued");

    public bool IsOutput => Language == "text";

    public bool IsShell => Language is "bash" or "sh" or "shell";

    public override string ToString() => Page + " line " + Line + " (```" + Language + (Words.Count > 0 ? " " + string.Join(" ", Words) : "") + ")";
}

/// <summary>A program: a csharp fence and its continuations, and the text fence of what it prints.</summary>
internal sealed class DocProgram
{
    public DocProgram(string page, List<Fence> fences)
    {
        Page = page;
        Fences = fences;
    }

    public string Page { get; }

    public List<Fence> Fences { get; }

    public Fence? Output { get; set; }

    public string Source => string.Join("\n", Fences.SelectMany(f => f.Lines)) + "\n";

    /// <summary>The page line of a line of <see cref="Source"/> (0-based), e.g. "README.md:57".</summary>
    public string PageLine(int sourceLine)
    {
        foreach (var fence in Fences)
        {
            if (sourceLine < fence.Lines.Count)
            {
                return Page + ":" + (fence.Line + 1 + sourceLine);
            }

            sourceLine -= fence.Lines.Count;
        }

        return Page;
    }

    public override string ToString() => "the program at " + Page + " line " + Fences[0].Line;
}

/// <summary>A shell fence whose first command's output the page prints in the text fence after it.</summary>
internal sealed record PrintedCommand(Fence Command, Fence Output)
{
    /// <summary>
    /// The arguments of the fence's first command when it runs the hdr tool (<c>hdr ARGS</c> or
    /// <c>dotnet run --project HdrHistogram.Tool -- ARGS</c>; a trailing <c># comment</c> is not part of it), else null.
    /// </summary>
    public string[]? HdrArguments()
    {
        string line = Command.Lines.Select(l => l.Trim()).FirstOrDefault(l => l.Length > 0 && !l.StartsWith('#')) ?? "";
        int comment = line.IndexOf(" #", StringComparison.Ordinal);
        var words = Split(comment >= 0 ? line.Substring(0, comment) : line);
        const string Run = "dotnet run --project HdrHistogram.Tool --";
        string joined = string.Join(" ", words);
        if (words.Count > 0 && words[0] == "hdr")
        {
            return words.Skip(1).ToArray();
        }

        return joined.StartsWith(Run + " ", StringComparison.Ordinal) ? words.Skip(Run.Split(' ').Length).ToArray() : null;
    }

    private static List<string> Split(string line)
    {
        var words = new List<string>();
        var word = new StringBuilder();
        char quote = '\0';
        bool any = false;
        foreach (char c in line)
        {
            if (quote != '\0')
            {
                if (c == quote)
                {
                    quote = '\0';
                }
                else
                {
                    word.Append(c);
                }
            }
            else if (c is '"' or '\'')
            {
                quote = c;
                any = true;
            }
            else if (char.IsWhiteSpace(c))
            {
                if (any || word.Length > 0)
                {
                    words.Add(word.ToString());
                }

                word.Clear();
                any = false;
            }
            else
            {
                word.Append(c);
            }
        }

        if (any || word.Length > 0)
        {
            words.Add(word.ToString());
        }

        return words;
    }
}
