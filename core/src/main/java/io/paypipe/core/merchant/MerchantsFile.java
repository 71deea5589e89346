package io.paypipe.core.merchant;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The merchants and their channel credentials, read from the YAML file named by
 * {@code PAYMENT_MERCHANTS_FILE}. The channel sandbox writes one at start; production keeps it in a
 * secret store and mounts it. The format is documented in the README ("Merchants file").
 */
public record MerchantsFile(List<Merchant> merchants) {

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public MerchantsFile {
        merchants = merchants == null ? List.of() : List.copyOf(merchants);
    }

    public static MerchantsFile read(Path path) {
        try {
            return YAML.readValue(Files.readString(path), MerchantsFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read merchants file " + path, e);
        }
    }

    public static MerchantsFile parse(String yaml) {
        return YAML.readValue(yaml, MerchantsFile.class);
    }

    public String toYaml() {
        return YAML.writeValueAsString(this);
    }

    /** Writes the file readable by its owner only: it holds secrets. */
    public void write(Path path) {
        try {
            Path parent = path.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path tmp = Files.createTempFile(parent, ".merchants", ".yaml");
            Files.writeString(tmp, toYaml());
            Files.move(tmp, path, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write merchants file " + path, e);
        }
    }
}
