package io.paypipe.ingress.alipay;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The fuzz oracle's own judgement, with the JDK only (none of ingress's classes, not the
 * Alipay SDK), of whether a form body is a genuine Alipay delivery of one honest
 * notification: decoded by a tiny strict decoder of its own ({@code name=value} pairs
 * split at {@code &}, {@code +} a space, {@code %XX} bytes, values in the form's
 * {@code charset}, a name twice is not genuine), its parameters equal the honest ones (an
 * added parameter with an empty or blank value aside: Alipay leaves empty values out of
 * what it signs), {@code sign_type} is RSA2 and {@code sign} verifies (SHA256withRSA)
 * with the app's Alipay public key over the sorted non-empty parameters other than
 * {@code sign} and {@code sign_type}, as Alipay signs them.
 */
final class AlipayGenuineDelivery {

    private final Map<String, PublicKey> keysByAppId;

    /**
     * {@code keysByAppId}: Alipay's public key of each app, Base64 X.509 as the merchants
     * file holds it.
     */
    AlipayGenuineDelivery(Map<String, String> keysByAppId) {
        this.keysByAppId = keysByAppId.entrySet()
            .stream()
            .collect(Collectors.toMap(Map.Entry::getKey, e -> publicKey(e.getValue())));
    }

    /**
     * Empty when {@code body} is a genuine delivery of the notification with
     * {@code honest} parameters, else why not.
     */
    Optional<String> whyNotGenuine(byte[] body, Map<String, String> honest) {
        Map<String, String> params;
        try {
            params = decode(body);
        }
        catch (IllegalArgumentException | CharacterCodingException e) {
            return Optional.of("not a form: " + e.getMessage());
        }
        params = withoutAddedBlanks(params, honest);
        if (!params.equals(honest)) {
            return Optional.of("parameters differ from the honest ones");
        }
        if (!"RSA2".equals(params.get("sign_type"))) {
            return Optional.of("sign_type is not RSA2");
        }
        PublicKey key = keysByAppId.get(params.get("app_id"));
        if (key == null) {
            return Optional.of("no Alipay key for the app");
        }
        String content = new TreeMap<>(params).entrySet()
            .stream()
            .filter(e -> !e.getKey().equals("sign") && !e.getKey().equals("sign_type") && !e.getValue().isEmpty())
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("&"));
        return verifies(key, content.getBytes(Charset.forName(params.getOrDefault("charset", "utf-8"))),
                params.get("sign")) ? Optional.empty() : Optional.of("sign does not verify with the app's key");
    }

    /**
     * {@code params} without the parameters that the honest notification does not have
     * and whose value is empty or blank. Alipay signs only the non-empty parameters
     * ("空值不参与签名"; its SDK's {@code StringUtils.isEmpty} also takes a blank value for
     * empty), so such a parameter changes nothing the signature covers, and ingress reads
     * a blank value as absent ({@code AlipayForm.get}): the same notification, genuinely
     * delivered.
     */
    private static Map<String, String> withoutAddedBlanks(Map<String, String> params, Map<String, String> honest) {
        Map<String, String> kept = new LinkedHashMap<>(params);
        kept.entrySet().removeIf(e -> !honest.containsKey(e.getKey()) && e.getValue().isBlank());
        return kept;
    }

    private static Map<String, String> decode(byte[] body) throws CharacterCodingException {
        String ascii = new String(body, StandardCharsets.ISO_8859_1);
        Charset charset = StandardCharsets.UTF_8;
        for (String pair : ascii.split("&", -1)) {
            if (pair.startsWith("charset=")) {
                charset = Charset.forName(new String(percentDecode(pair.substring(8)), StandardCharsets.US_ASCII));
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : ascii.split("&", -1)) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("a pair without a name or '='");
            }
            String name = strict(charset, percentDecode(pair.substring(0, eq)));
            if (params.put(name, strict(charset, percentDecode(pair.substring(eq + 1)))) != null) {
                throw new IllegalArgumentException("a name twice");
            }
        }
        return params;
    }

    private static byte[] percentDecode(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length()) {
                    throw new IllegalArgumentException("a cut %-escape");
                }
                out.write(HexFormat.fromHexDigits(s, i + 1, i + 3)); // IllegalArgumentException
                                                                     // unless two hex
                                                                     // digits
                i += 2;
            }
            else {
                out.write(c == '+' ? ' ' : c);
            }
        }
        return out.toByteArray();
    }

    private static String strict(Charset charset, byte[] bytes) throws CharacterCodingException {
        return charset.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(bytes))
            .toString();
    }

    private static boolean verifies(PublicKey key, byte[] content, String sign) {
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initVerify(key);
            rsa.update(content);
            return rsa.verify(Base64.getDecoder().decode(sign));
        }
        catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    private static PublicKey publicKey(String base64) {
        try {
            return KeyFactory.getInstance("RSA")
                .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
        }
        catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

}
