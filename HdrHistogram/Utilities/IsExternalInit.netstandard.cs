#pragma warning disable IDE0130 // Compiler polyfill: the compiler finds it by this full name.
namespace System.Runtime.CompilerServices;

/// <summary>The type the compiler marks <c>init</c> accessors with, which netstandard2.0 lacks (the internal record structs need it).</summary>
internal static class IsExternalInit
{
}
