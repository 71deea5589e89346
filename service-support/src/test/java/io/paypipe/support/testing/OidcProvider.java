package io.paypipe.support.testing;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import io.paypipe.embedded.FreePorts;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

/**
 * A real OIDC provider in the test's JVM: Spring Authorization Server on a port of its
 * own ({@link OidcProviderServer}), with a login page, the discovery document, the keys,
 * and three people: {@link #OPERATOR} (in the group {@link #OPERATORS}), {@link #VIEWER}
 * (in {@link #VIEWERS}) and {@link #OUTSIDER} (in neither). Its issuer is
 * {@code http://localhost:<port>}, another host than the {@code 127.0.0.1} a test opens
 * the service under, so a browser keeps the two sessions' cookies apart. Its client
 * {@link #CLIENT_ID} is public, must send PKCE, and may come back to any port of
 * {@code http://127.0.0.1/login/oauth2/code/oidc}.
 */
public final class OidcProvider implements AutoCloseable {

    /**
     * A person at the provider: signs in there as {@code login} (the tokens'
     * {@code sub}), is named {@code username} in them ({@code preferred_username}),
     * another value, so a service that recorded {@code sub} would show.
     */
    public record Person(String login, String username, String password, String group) {

        /** What the provider puts in the person's tokens as {@code email}. */
        public String email() {
            return username + "@example.test";
        }

    }

    public static final String OPERATORS = "paypipe-operators";

    public static final String VIEWERS = "paypipe-viewers";

    public static final Person OPERATOR = new Person("u1001", "olga.operator", "olga-password", OPERATORS);

    public static final Person VIEWER = new Person("u1002", "victor.viewer", "victor-password", VIEWERS);

    public static final Person OUTSIDER = new Person("u1003", "otto.outsider", "otto-password", "marketing");

    public static final String CLIENT_ID = "paypipe-console";

    public static final String REDIRECT_URI = "http://127.0.0.1/login/oauth2/code/oidc";

    private final ConfigurableApplicationContext context;

    private final String issuer;

    private final RSAKey key;

    private OidcProvider(ConfigurableApplicationContext context, String issuer, RSAKey key) {
        this.context = context;
        this.issuer = issuer;
        this.key = key;
    }

    /** Starts a provider on a free port. */
    public static OidcProvider start() {
        int port = freePort();
        String issuer = "http://localhost:" + port;
        RSAKey key = rsaKey(UUID.randomUUID().toString());
        ConfigurableApplicationContext context = new SpringApplicationBuilder(OidcProviderServer.class)
            .web(WebApplicationType.SERVLET)
            .initializers((ctx) -> ctx.getBeanFactory()
                .registerSingleton("oidcProviderSettings",
                        new OidcProviderServer.Settings(port, issuer, key, List.of(OPERATOR, VIEWER, OUTSIDER))))
            .properties("spring.main.banner-mode=off", "spring.application.name=oidc-provider")
            .run();
        return new OidcProvider(context, issuer, key);
    }

    public String issuer() {
        return issuer;
    }

    /**
     * The settings of a service that lets this provider's people sign in: OPERATORS make
     * an OPERATOR, VIEWERS a VIEWER, the console's client, tokens for that client only.
     */
    public Map<String, Object> serviceProperties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("paypipe.security.oidc.issuer-uri", issuer);
        properties.put("paypipe.security.oidc.client-id", CLIENT_ID);
        properties.put("paypipe.security.oidc.roles-claim", "groups");
        properties.put("paypipe.security.oidc.operator-values", OPERATORS);
        properties.put("paypipe.security.oidc.viewer-values", VIEWERS);
        properties.put("paypipe.security.oidc.audiences", CLIENT_ID);
        properties.put("paypipe.security.oidc.provider-name", "Test provider");
        return properties;
    }

    /**
     * An access token for the person, the way an app gets one: authorization code with
     * PKCE through the provider's login page.
     */
    public String accessToken(Person person) {
        return new OidcTokenFlow(issuer).accessToken(person);
    }

    /**
     * A token signed by this provider's key with the claims an access token of
     * {@code person} has, changed by {@code change}: for tokens the provider would not
     * issue (expired, another issuer, another audience).
     */
    public String mint(Person person, Consumer<JwtClaimsSet.Builder> change) {
        return sign(key, claims(person, change));
    }

    /**
     * A token of {@code person} signed by this provider that expired an hour ago (issued
     * two hours ago).
     */
    public String mintExpired(Person person) {
        Instant now = Instant.now();
        return mint(person,
                (claims) -> claims.issuedAt(now.minusSeconds(7200))
                    .notBefore(now.minusSeconds(7200))
                    .expiresAt(now.minusSeconds(3600)));
    }

    /**
     * The same token signed by another key under this provider's key id: its signature
     * does not verify.
     */
    public String mintBadlySigned(Person person) {
        return sign(rsaKey(key.getKeyID()), claims(person, (claims) -> {
        }));
    }

    private JwtClaimsSet claims(Person person, Consumer<JwtClaimsSet.Builder> change) {
        Instant now = Instant.now();
        JwtClaimsSet.Builder claims = JwtClaimsSet.builder()
            .issuer(issuer)
            .subject(person.login())
            .audience(List.of(CLIENT_ID))
            .issuedAt(now)
            .notBefore(now)
            .expiresAt(now.plusSeconds(300))
            .claim("preferred_username", person.username())
            .claim("email", person.email())
            .claim("groups", List.of(person.group()));
        change.accept(claims);
        return claims.build();
    }

    private static String sign(RSAKey key, JwtClaimsSet claims) {
        JWKSource<SecurityContext> keys = new ImmutableJWKSet<>(new JWKSet(key));
        return new NimbusJwtEncoder(keys)
            .encode(JwtEncoderParameters.from(JwsHeader.with(SignatureAlgorithm.RS256).keyId(key.getKeyID()).build(),
                    claims))
            .getTokenValue();
    }

    static RSAKey rsaKey(String keyId) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            KeyPair pair = generator.generateKeyPair();
            return new RSAKey.Builder((RSAPublicKey) pair.getPublic()).privateKey((RSAPrivateKey) pair.getPrivate())
                .keyID(keyId)
                .build();
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() {
        return FreePorts.one();
    }

    @Override
    public void close() {
        context.close();
    }

}
