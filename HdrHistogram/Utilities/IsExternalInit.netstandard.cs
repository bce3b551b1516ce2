namespace System.Runtime.CompilerServices;

/// <summary>The type the compiler marks <c>init</c> accessors with, which netstandard2.0 lacks (the internal record structs need it).</summary>
internal static class IsExternalInit
{
}
