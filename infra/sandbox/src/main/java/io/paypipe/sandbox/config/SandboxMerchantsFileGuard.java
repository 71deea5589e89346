package io.paypipe.sandbox.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The sandbox writes the credentials it generated to a file of its own; the product's
 * merchants file ({@code PAYMENT_MERCHANTS_FILE}, a merchant's real credentials) is only
 * ever read. Before the sandbox writes, this guard refuses a target that is the product's
 * file (same path, or the same file through a link), so a mistyped setting cannot replace
 * real keys with sandbox keys.
 */
public final class SandboxMerchantsFileGuard {

    /** The product's merchants file variable. */
    public static final String PRODUCT_MERCHANTS_FILE_ENV = "PAYMENT_MERCHANTS_FILE";

    private final Optional<Path> productFile;

    public SandboxMerchantsFileGuard(Optional<Path> productFile) {
        this.productFile = productFile;
    }

    public static SandboxMerchantsFileGuard fromEnvironment() {
        String value = System.getenv(PRODUCT_MERCHANTS_FILE_ENV);
        return new SandboxMerchantsFileGuard(
                value == null || value.isBlank() ? Optional.empty() : Optional.of(Path.of(value)));
    }

    /**
     * Throws when {@code sandboxFile} is the product's merchants file.
     */
    public void check(Path sandboxFile) {
        productFile.filter(product -> same(product, sandboxFile)).ifPresent(product -> {
            throw new IllegalStateException("the sandbox writes its own merchants file, never the product's: "
                    + "sandbox.merchants-file " + sandboxFile + " is " + PRODUCT_MERCHANTS_FILE_ENV + " (" + product
                    + "); leave sandbox.merchants-file at its default (" + SandboxProperties.DEFAULT_MERCHANTS_FILE
                    + ") or point it elsewhere");
        });
    }

    private static boolean same(Path a, Path b) {
        if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        }
        catch (IOException ex) {
            return false;
        }
    }

}
