using System;
using System.IO;
using System.Reflection;
using System.Runtime.Loader;

namespace HdrHistogram.CompatTests.Infrastructure;

/// <summary>
/// The scenarios compiled against the published HdrHistogram 2.5.0 package (On250/, copied by the build), loaded with
/// 2.5.0's own HdrHistogram.dll into an AssemblyLoadContext of their own, next to this library in the default one.
/// </summary>
internal static class Net250Context
{
    private static readonly Lazy<(Assembly Library, MethodInfo Run)> Loaded = new(Load);

    /// <summary>The HdrHistogram assembly the 2.5.0 scenarios run on.</summary>
    public static Assembly Library => Loaded.Value.Library;

    /// <summary>Runs a scenario on 2.5.0.</summary>
    public static Outcome Run(string name)
    {
        try
        {
            return Outcome.Returned((string)Loaded.Value.Run.Invoke(null, new object[] { name })!);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            return Outcome.Threw(e.InnerException);
        }
    }

    private static (Assembly, MethodInfo) Load()
    {
        string folder = Path.Combine(AppContext.BaseDirectory, "On250");
        var context = new IsolatedContext(folder);
        Assembly scenarios = context.LoadFromAssemblyPath(Path.Combine(folder, "Compat250.Behaviour.On250.dll"));
        Assembly library = context.LoadFromAssemblyName(new AssemblyName("HdrHistogram"));
        MethodInfo run = scenarios.GetType("Compat250.Behaviour.Scenarios", throwOnError: true)!.GetMethod("Run")!;
        return (library, run);
    }

    private sealed class IsolatedContext : AssemblyLoadContext
    {
        private readonly string _folder;

        public IsolatedContext(string folder)
            : base("HdrHistogram 2.5.0")
        {
            _folder = folder;
        }

        protected override Assembly? Load(AssemblyName assemblyName)
        {
            string path = Path.Combine(_folder, assemblyName.Name + ".dll");
            return File.Exists(path) ? LoadFromAssemblyPath(path) : null;
        }
    }
}
